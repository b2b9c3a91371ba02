import { LONG_MESSAGE, shownText } from './longText';

describe('long messages (spec chat §2: cut at 2000 characters)', () => {
  it('shows short text whole, without a toggle', () => {
    expect(shownText('你好', false)).toEqual({ text: '你好', long: false });
    expect(shownText('字'.repeat(LONG_MESSAGE), false)).toEqual({ text: '字'.repeat(LONG_MESSAGE), long: false });
  });

  it('cuts a 20 000-character message at 2000 with an ellipsis until expanded', () => {
    const text = '长'.repeat(20_000);
    const cut = shownText(text, false);
    expect(cut.long).toBe(true);
    expect(cut.text).toBe(`${'长'.repeat(LONG_MESSAGE)}…`);
    expect(shownText(text, true)).toEqual({ text, long: true });
  });

  it('never splits an emoji at the cut', () => {
    const text = `${'a'.repeat(LONG_MESSAGE - 1)}😀${'b'.repeat(10)}`;
    expect(shownText(text, false).text).toBe(`${'a'.repeat(LONG_MESSAGE - 1)}…`);
  });
});
