/** @jest-environment node */
import { convertCase } from './caseConvert';
import { replaceAll, runRegex, segments } from './regex';
import { rmbUppercase } from './rmb';
import { diffStats, diffTexts, sideBySide } from './textDiff';
import { textStats } from './textStats';
import { countText, inspectUnicode } from './unicode';

describe('regex', () => {
  it('finds every match with its groups and named groups', () => {
    const result = runRegex('(?<user>\\w+)@(\\w+)\\.com', 'g', 'a@x.com, bob@y.com');
    expect(result).toEqual({
      ok: true,
      value: {
        capped: false,
        matches: [
          { index: 0, end: 7, text: 'a@x.com', groups: ['a', 'x'], named: { user: 'a' } },
          { index: 9, end: 18, text: 'bob@y.com', groups: ['bob', 'y'], named: { user: 'bob' } },
        ],
      },
    });
    expect(runRegex('a', '', 'aaa')).toMatchObject({ ok: true, value: { matches: [{ index: 0 }] } });
  });

  it('survives empty matches and cuts the text for highlighting', () => {
    const empty = runRegex('x*', 'g', 'ab');
    expect(empty.ok && empty.value.matches.map((m) => m.index)).toEqual([0, 1, 2]);
    const emoji = runRegex('(?:)', 'gu', '😀');
    expect(emoji.ok && emoji.value.matches.map((m) => m.index)).toEqual([0, 2]);
    const r = runRegex('\\d+', 'g', 'a1b22');
    expect(r.ok && segments('a1b22', r.value.matches)).toEqual([
      { text: 'a', match: null },
      { text: '1', match: 0 },
      { text: 'b', match: null },
      { text: '22', match: 1 },
    ]);
  });

  it('caps the matches, replaces, and explains a bad pattern', () => {
    const many = runRegex('.', 'gs', 'x'.repeat(5000));
    expect(many.ok && [many.value.matches.length, many.value.capped]).toEqual([1000, true]);
    expect(replaceAll('(\\w+)@(\\w+)', 'g', 'a@b c@d', '$2 at $1')).toEqual({ ok: true, value: 'b at a d at c' });
    expect(runRegex('(a', 'g', 'a')).toMatchObject({ ok: false, error: expect.stringMatching(/^正则表达式有误：/) });
  });
});

describe('diff', () => {
  it('pairs changed lines side by side and counts changes', () => {
    expect(sideBySide('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual([
      { left: { n: 1, text: 'a' }, right: { n: 1, text: 'a' }, kind: 'same' },
      { left: { n: 2, text: 'b' }, right: { n: 2, text: 'B' }, kind: 'changed' },
      { left: { n: 3, text: 'c' }, right: { n: 3, text: 'c' }, kind: 'same' },
      { left: null, right: { n: 4, text: 'd' }, kind: 'added' },
    ]);
    const words = diffTexts('the quick fox', 'the slow fox', 'words');
    expect(words).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' fox' },
    ]);
    expect(diffStats(words)).toEqual({ added: 4, removed: 5 });
  });
});

describe('case conversion', () => {
  it('converts between the naming styles, line by line', () => {
    const input = 'hello world\nuserIdValue\nHTTP_status-code';
    expect(convertCase(input, 'camel')).toBe('helloWorld\nuserIdValue\nhttpStatusCode');
    expect(convertCase(input, 'pascal')).toBe('HelloWorld\nUserIdValue\nHttpStatusCode');
    expect(convertCase(input, 'snake')).toBe('hello_world\nuser_id_value\nhttp_status_code');
    expect(convertCase(input, 'kebab')).toBe('hello-world\nuser-id-value\nhttp-status-code');
    expect(convertCase(input, 'constant')).toBe('HELLO_WORLD\nUSER_ID_VALUE\nHTTP_STATUS_CODE');
    expect(convertCase(input, 'title')).toBe('Hello World\nUser Id Value\nHttp Status Code');
  });
});

describe('text statistics and Unicode', () => {
  it('counts characters, Chinese characters, words, lines and bytes', () => {
    expect(textStats('你好，world 2024!\n\n第二段 👍🏽')).toEqual({
      characters: 21,
      charactersNoSpaces: 17,
      chinese: 5,
      words: 2,
      lines: 3,
      paragraphs: 2,
      utf8Bytes: 40,
      readingMinutes: 1,
    });
    expect(textStats('')).toMatchObject({ characters: 0, lines: 0, paragraphs: 0, readingMinutes: 0 });
  });

  it('lists code points with their UTF-8 and UTF-16 forms', () => {
    const [han, emoji] = inspectUnicode('启😀');
    expect(han).toEqual({ char: '启', codePoint: 'U+542F', decimal: 0x542f, utf8: 'E5 90 AF', utf16: '542F', category: 'Lo', html: '&#x542F;', js: '\\u542F' });
    expect(emoji).toMatchObject({ codePoint: 'U+1F600', utf8: 'F0 9F 98 80', utf16: 'D83D DE00', category: 'So', js: '\\u{1F600}' });
    expect(countText('👍🏽a')).toEqual({ graphemes: 2, codePoints: 3, utf16Units: 5, utf8Bytes: 9 });
  });
});

describe('人民币大写', () => {
  it.each([
    ['0', '零元整'],
    ['10', '壹拾元整'],
    ['100.5', '壹佰元伍角'],
    ['1001', '壹仟零壹元整'],
    ['100000', '壹拾万元整'],
    ['10010.01', '壹万零壹拾元零壹分'],
    ['1004000', '壹佰万肆仟元整'],
    ['100000001', '壹亿零壹元整'],
    ['123456789.12', '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元壹角贰分'],
    ['0.05', '伍分'],
    ['¥1,234.50', '壹仟贰佰叁拾肆元伍角'],
    ['-8', '负捌元整'],
  ])('%s → %s', (amount, expected) => {
    expect(rmbUppercase(amount)).toEqual({ ok: true, value: expected });
  });

  it('refuses what is not an amount', () => {
    expect(rmbUppercase('1.234')).toEqual({ ok: false, error: '金额最多两位小数（精确到分）' });
    expect(rmbUppercase('abc')).toEqual({ ok: false, error: '请输入金额数字，如 1234.56' });
    expect(rmbUppercase('1234567890123')).toEqual({ ok: false, error: '金额太大，最多支持 12 位整数' });
  });
});
