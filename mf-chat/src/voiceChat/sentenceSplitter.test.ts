import { MAX_SENTENCE_CHARS, SentenceSplitter, splitSentences } from './sentenceSplitter';

/** Feeds `text` in pieces of `size` characters, as a stream would, collecting what each piece completed. */
function streamed(text: string, size: number): { sentences: string[]; firstAt: number } {
  const splitter = new SentenceSplitter();
  const sentences: string[] = [];
  let firstAt = -1;
  for (let i = 0; i < text.length; i += size) {
    const done = splitter.push(text.slice(i, i + size));
    if (done.length && firstAt < 0) firstAt = i + size;
    sentences.push(...done);
  }
  sentences.push(...splitter.end());
  return { sentences, firstAt };
}

describe('the sentence splitter', () => {
  it('cuts Chinese and Western sentence ends, keeping closing quotes with their sentence', () => {
    expect(splitSentences('长城是中国古代的军事防御工程。它东起山海关，西至嘉峪关！你想去看看吗？“当然想去长城。”他说道；然后出发了')).toEqual([
      '长城是中国古代的军事防御工程。',
      '它东起山海关，西至嘉峪关！',
      '你想去看看吗？',
      '“当然想去长城。”',
      '他说道；然后出发了',
    ]);
    expect(splitSentences('The Great Wall is very long. It was built over centuries! Would you visit it? Yes.')).toEqual([
      'The Great Wall is very long.',
      'It was built over centuries!',
      'Would you visit it?',
      // the last piece is spoken even when short: nothing comes after it to join
      'Yes.',
    ]);
  });

  it('does not cut inside numbers, domains, URLs or an ellipsis', () => {
    expect(splitSentences('版本 3.14 已经发布，详见 example.com/a?b=1 页面。然后我们继续讨论……下一个话题吧。')).toEqual([
      '版本 3.14 已经发布，详见 example.com/a?b=1 页面。',
      '然后我们继续讨论……',
      '下一个话题吧。',
    ]);
    expect(splitSentences('Wait... then it went on for a while.')).toEqual(['Wait... then it went on for a while.']);
  });

  it('merges pieces too short to stand alone into the next one', () => {
    expect(splitSentences('好的。我来回答你的问题。是的！')).toEqual(['好的。我来回答你的问题。', '是的！']);
  });

  it('ends sentences at line ends, drops markdown line marks, rules and table separators', () => {
    const answer = '## 长城的历史\n\n- 秦朝连接了各国的城墙\n- 明朝大规模重修长城\n\n---\n\n| 朝代 | 工程量 |\n|---|---|\n| 明朝 | 最大的一次 |\n\n> 不到长城非好汉\n1. 第一条要点在这里';
    expect(splitSentences(answer)).toEqual([
      // a heading of five letters is joined to the line after it
      '长城的历史 秦朝连接了各国的城墙',
      '明朝大规模重修长城',
      '| 朝代 | 工程量 | | 明朝 | 最大的一次 |',
      '不到长城非好汉',
      '第一条要点在这里',
    ]);
  });

  it('does not speak code blocks', () => {
    expect(splitSentences('下面是一个示例代码。\n```js\nconsole.log("a. b! c?");\nconst x = 1;\n```\n运行后会打印结果。')).toEqual(['下面是一个示例代码。', '运行后会打印结果。']);
  });

  it('gives the same sentences however the stream is cut, and the first as soon as it is complete', () => {
    const answer = '关于长城，这是一个很好的问题。长城全长两万多公里！\n\n1. 它始建于春秋战国时期。\n2. Ming dynasty rebuilt it. That was long ago.\n```\ncode.here()\n```\n最后，欢迎继续提问？';
    const whole = splitSentences(answer);
    for (const size of [1, 2, 3, 7, 40]) expect(streamed(answer, size).sentences).toEqual(whole);
    // the first sentence comes out once its end and the next character arrived, not at the end of the answer
    expect(streamed(answer, 1).firstAt).toBe('关于长城，这是一个很好的问题。长'.length);
  });

  it('cuts a sentence without an end at a soft break before the maximum', () => {
    const clause = '这是一段没有句号的很长的文字，';
    const text = clause.repeat(30);
    const { sentences } = streamed(text, 5);
    expect(sentences.length).toBeGreaterThan(1);
    for (const sentence of sentences) expect([...sentence].length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
    expect(sentences.slice(0, -1).every((s) => s.endsWith('，'))).toBe(true);
    expect(sentences.join('')).toBe(text);
  });

  it('keeps a short last piece and gives nothing for an empty or wordless answer', () => {
    expect(splitSentences('谢谢')).toEqual(['谢谢']);
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('---\n***\n')).toEqual([]);
  });
});
