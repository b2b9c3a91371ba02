import { mentionAt, withoutMention } from './mention';

describe('the @ mention at the caret', () => {
  it('opens at the start or after whitespace, not inside a word such as an e-mail address', () => {
    expect(mentionAt('@', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(mentionAt('请 @写作', 5)).toEqual({ start: 2, end: 5, query: '写作' });
    expect(mentionAt('第一行\n@翻', 6)).toEqual({ start: 4, end: 6, query: '翻' });
    expect(mentionAt('mail a@b.com', 12)).toBeNull();
    expect(mentionAt('@写作 然后', 6)).toBeNull();
    expect(mentionAt('@写作 然后', 3)).toEqual({ start: 0, end: 3, query: '写作' });
  });

  it('picking removes the @query and keeps the rest of the text', () => {
    const text = '帮我 @写 这段话';
    expect(withoutMention(text, mentionAt(text, 5)!)).toEqual({ text: '帮我  这段话', caret: 3 });
  });
});
