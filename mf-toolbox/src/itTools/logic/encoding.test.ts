/** @jest-environment node */
// Pure logic: Node has the web APIs it uses (TextEncoder, atob, Blob, Intl.Segmenter); jsdom lacks some.
import { decodeBase64, encodeBase64, parseDataUrl } from './base64';
import { decodeEntities, encodeEntities } from './htmlEntities';
import { decodeUrl, encodeUrl, parseUrl } from './url';

describe('Base64', () => {
  it('encodes the RFC 4648 §10 test vectors and decodes them back', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
    for (const [plain, encoded] of vectors) {
      expect(encodeBase64(plain)).toBe(encoded);
      if (encoded) expect(decodeBase64(encoded)).toEqual({ ok: true, value: plain });
    }
  });

  it('is UTF-8 safe and has the URL-safe alphabet (RFC 4648 §5) with or without padding', () => {
    expect(encodeBase64('你好，世界')).toBe('5L2g5aW977yM5LiW55WM');
    expect(decodeBase64('5L2g5aW977yM5LiW55WM')).toEqual({ ok: true, value: '你好，世界' });
    // 0xfb 0xff → "+/8=" in the standard alphabet.
    expect(encodeBase64('\u00fb\u00ff'.normalize())).toBe('w7vDvw==');
    expect(encodeBase64('??>', { urlSafe: false })).toBe('Pz8+');
    expect(encodeBase64('??>', { urlSafe: true })).toBe('Pz8-');
    expect(encodeBase64('???', { urlSafe: true })).toBe('Pz8_');
    expect(encodeBase64('f', { urlSafe: true, pad: false })).toBe('Zg');
    expect(decodeBase64('Pz8-')).toEqual({ ok: true, value: '??>' });
    expect(decodeBase64('Zg')).toEqual({ ok: true, value: 'f' });
    expect(decodeBase64('Zm9v\nYmFy')).toEqual({ ok: true, value: 'foobar' });
  });

  it('says in Chinese what is wrong with bad input', () => {
    expect(decodeBase64('Zm9v!')).toEqual({ ok: false, error: '第 5 个字符「!」不是 Base64 字符' });
    expect(decodeBase64('Zm=9v')).toEqual({ ok: false, error: '= 只能出现在末尾' });
    expect(decodeBase64('Zm9vY')).toMatchObject({ ok: false, error: expect.stringContaining('长度不对') });
    expect(decodeBase64('//79')).toMatchObject({ ok: false, error: expect.stringContaining('不是 UTF-8 文本') });
  });

  it('reads image data URLs and bare Base64 by their first bytes', () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect(parseDataUrl(`data:image/png;base64,${png}`)).toMatchObject({ ok: true, value: { mime: 'image/png', bytes: 70 } });
    expect(parseDataUrl(png)).toMatchObject({ ok: true, value: { mime: 'image/png' } });
    expect(parseDataUrl('Zm9vYmFy')).toMatchObject({ ok: false, error: expect.stringContaining('无法识别图片格式') });
    expect(parseDataUrl('data:text/plain,hello')).toMatchObject({ ok: false, error: expect.stringContaining('Base64') });
  });
});

describe('URL', () => {
  it('encodes a query value (component) and a whole URL (full) differently', () => {
    expect(encodeUrl('a b&c=d/启明', 'component')).toEqual({ ok: true, value: 'a%20b%26c%3Dd%2F%E5%90%AF%E6%98%8E' });
    expect(encodeUrl('https://x.cn/a b?q=启明&n=1', 'full')).toEqual({ ok: true, value: 'https://x.cn/a%20b?q=%E5%90%AF%E6%98%8E&n=1' });
    expect(encodeUrl('\ud83d', 'component')).toMatchObject({ ok: false });
  });

  it('decodes, with + as space when asked, and points at a broken escape', () => {
    expect(decodeUrl('%E5%90%AF%E6%98%8E+AI', 'component')).toEqual({ ok: true, value: '启明+AI' });
    expect(decodeUrl('%E5%90%AF%E6%98%8E+AI', 'component', true)).toEqual({ ok: true, value: '启明 AI' });
    expect(decodeUrl('abc%zz', 'component')).toEqual({ ok: false, error: '第 4 个字符处的 % 后面应是两位十六进制数' });
    expect(decodeUrl('%E5%90', 'component')).toEqual({ ok: false, error: '百分号编码的字节不是有效的 UTF-8，无法解码' });
  });

  it('lists the query parameters of a URL', () => {
    const parts = parseUrl('https://qiming.ai/chatPage?model=gpt-4o&q=%E4%BD%A0%E5%A5%BD#top');
    expect(parts).toMatchObject({ ok: true, value: { host: 'qiming.ai', pathname: '/chatPage', hash: '#top', params: [['model', 'gpt-4o'], ['q', '你好']] } });
  });
});

describe('HTML entities', () => {
  it('escapes by the chosen scope and unescapes named, decimal and hex references', () => {
    expect(encodeEntities('<a href="x">Tom & Jerry\'s</a> 启明', 'basic')).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt; 启明');
    expect(encodeEntities('© 启', 'nonAscii')).toBe('&copy; &#x542f;');
    expect(decodeEntities('&lt;p&gt; &copy; &#21551; &#x660E; &amp;amp;')).toBe('<p> © 启 明 &amp;');
  });
});
