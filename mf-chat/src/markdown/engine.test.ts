import { renderMarkdown } from './engine';
import { filterStyle, sanitizeHtml } from './sanitize';

function dom(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

describe('renderMarkdown', () => {
  it('renders code blocks escaped, with their language and the copy / preview buttons', () => {
    const box = dom(renderMarkdown('```html\n<img src=x onerror="alert(1)">\n```'));
    const code = box.querySelector('code[data-lang="html"]')!;
    expect(code.textContent).toBe('<img src=x onerror="alert(1)">\n');
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('[data-code-action="copy"]')?.textContent).toBe('复制代码');
    expect(box.querySelector('[data-code-action="preview"]')).not.toBeNull();
  });

  it('offers no preview for languages that cannot run in a page', () => {
    expect(dom(renderMarkdown('```python\nprint(1)\n```')).querySelector('[data-code-action="preview"]')).toBeNull();
  });

  it('leaves math as placeholders holding the TeX, and $5 and $10 as text', () => {
    const box = dom(renderMarkdown('质能方程 $E=mc^2$，以及\n\n$$\\int_0^1 x\\,dx$$'));
    expect(box.querySelector('[data-math="inline"]')?.getAttribute('data-tex')).toBe('E=mc^2');
    expect(dom(renderMarkdown('$$\\int_0^1 x\\,dx$$')).querySelector('[data-math="display"]')).not.toBeNull();
    expect(dom(renderMarkdown('票价 $5 和 $10')).querySelector('[data-math]')).toBeNull();
  });

  it('turns a mermaid fence into a diagram holder with its source', () => {
    const box = dom(renderMarkdown('```mermaid\ngraph TD; A-->B\n```'));
    expect(box.querySelector('[data-mermaid] code')?.textContent).toContain('A-->B');
  });

  it('keeps simple HTML, shows complex HTML as code', () => {
    expect(dom(renderMarkdown('<b>粗体</b> 文本')).querySelector('b')?.textContent).toBe('粗体');
    const complex = `<div>\n${'<div><span>x</span></div>\n'.repeat(30)}</div>`;
    const box = dom(renderMarkdown(complex));
    expect(box.querySelector('code[data-lang="html"]')).not.toBeNull();
    expect(box.querySelectorAll('span').length).toBeLessThan(5);
  });

  it('opens links in a new tab without the opener, and drops javascript: links', () => {
    const box = dom(renderMarkdown('[官网](https://example.com) [坏](javascript:alert(1)) <a href="javascript:alert(2)">x</a>'));
    const good = box.querySelector('a[href="https://example.com"]')!;
    expect(good.getAttribute('target')).toBe('_blank');
    expect(good.getAttribute('rel')).toContain('noopener');
    expect([...box.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com', null]);
  });

  it('wraps tables so they scroll instead of widening the answer', () => {
    expect(dom(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).querySelector('div > table td')?.textContent).toBe('1');
  });
});

describe('sanitizeHtml', () => {
  it.each([
    ['<script>alert(1)</script>'],
    ['<img src=x onerror=alert(1)>'],
    ['<svg><script>alert(1)</script></svg>'],
    ['<iframe src="https://evil.example"></iframe>'],
    ['<form action="https://evil.example"><input name=a></form>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['<a href="javascript:alert(1)">x</a>'],
    ['<div onclick="alert(1)">x</div>'],
    ['<object data="x.swf"></object><embed src="x">'],
  ])('removes what could run: %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<form|<object|<embed/i);
  });

  it('keeps only harmless inline styles', () => {
    expect(filterStyle('height:1.2em;vertical-align:-0.25em;position:fixed;z-index:99;background:url(x)')).toBe('height:1.2em;vertical-align:-0.25em');
    expect(filterStyle('top:-0.5em')).toBe('top:-0.5em');
    expect(filterStyle('top:-400px')).toBe('');
    expect(filterStyle('top:-100em')).toBe('');
    expect(sanitizeHtml('<span style="position:fixed;inset:0">x</span>')).toBe('<span>x</span>');
  });

  it('makes buttons plain buttons', () => {
    expect(sanitizeHtml('<button type="submit">x</button>')).toBe('<button type="button">x</button>');
  });
});
