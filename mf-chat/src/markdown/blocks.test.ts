import { splitBlocks } from './blocks';

describe('splitBlocks', () => {
  it('splits at blank lines and keeps the open tail last', () => {
    const { blocks } = splitBlocks('# 标题\n\n第一段\n第一段续\n\n第二');
    expect(blocks).toEqual(['# 标题', '第一段\n第一段续', '第二']);
  });

  it('never splits inside a fence or a $$ block', () => {
    const text = '```js\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\na = b\n\nc\n$$\n\n尾';
    expect(splitBlocks(text).blocks).toEqual(['```js\nconst a = 1;\n\nconst b = 2;\n```', '$$\na = b\n\nc\n$$', '尾']);
  });

  it('an unclosed fence stays in the tail with everything after it', () => {
    expect(splitBlocks('段落\n\n```py\nx = 1\n\ny = 2').blocks).toEqual(['段落', '```py\nx = 1\n\ny = 2']);
  });

  it('resuming from the previous split gives the same blocks as splitting from scratch', () => {
    const full = '第一段\n\n- 列表\n- 项\n\n```\ncode\n\nmore\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n结束语';
    let state = splitBlocks('').state;
    let blocks: string[] = [];
    for (let i = 1; i <= full.length; i += 3) ({ state, blocks } = splitBlocks(full.slice(0, i), state));
    ({ state, blocks } = splitBlocks(full, state));
    expect(blocks).toEqual(splitBlocks(full).blocks);
  });

  it('starts over when the text was replaced rather than extended', () => {
    const first = splitBlocks('甲\n\n乙\n\n丙');
    expect(splitBlocks('新的\n\n文本', first.state).blocks).toEqual(['新的', '文本']);
  });

  it('several blank lines make no empty blocks', () => {
    expect(splitBlocks('甲\n\n\n\n乙').blocks).toEqual(['甲', '乙']);
  });
});
