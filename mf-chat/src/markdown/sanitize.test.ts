import { replaceWithSanitized, sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('drops scripts, handlers and frames, keeping the text around them', () => {
    const clean = sanitizeHtml('<p onclick="steal()">你好<script>steal()</script><img src="a.png" onerror="steal()"><iframe src="//x"></iframe></p>');
    expect(clean).toBe('<p>你好<img src="a.png"></p>');
  });

  it('cleans what follows markup that closes its container early', () => {
    const clean = sanitizeHtml('</div></div><img src=x onerror="steal()"><p>后面</p>');
    expect(clean).toBe('<img src="x"><p>后面</p>');
  });

  it('is not fooled by markup that changes meaning when parsed again', () => {
    const clean = sanitizeHtml('<svg></p><style><a id="</style><img src=1 onerror=steal()>">');
    const again = document.createElement('div');
    again.innerHTML = clean;
    expect(again.querySelector('[onerror]')).toBeNull();
    expect(again.querySelector('style')).toBeNull();
  });

  it('leaves nothing behind for the next call', () => {
    sanitizeHtml('<p>第一段</p>');
    expect(sanitizeHtml('<em>第二段</em>')).toBe('<em>第二段</em>');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('replaceWithSanitized', () => {
  it('puts the cleaned nodes in place of what the element held', () => {
    const target = document.createElement('span');
    target.textContent = '$x$';
    replaceWithSanitized(target, '<span class="katex" onmouseover="steal()"><math><mi>x</mi></math></span><script>steal()</script>');
    expect(target.innerHTML).toBe('<span class="katex"><math><mi>x</mi></math></span>');
    expect(target.querySelector('math')?.namespaceURI).toBe('http://www.w3.org/1998/Math/MathML');
    expect(target.ownerDocument).toBe(document);
  });
});
