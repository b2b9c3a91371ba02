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

  it('takes a heading and the paragraph right under it as two blocks, as markdown-it does', () => {
    expect(splitBlocks('# 标题\n正文\n\n尾').blocks).toEqual(['# 标题', '正文', '尾']);
  });

  it('keeps a nested list one block', () => {
    const list = '- 一\n  - 一.1\n    - 一.1.1\n  - 一.2\n- 二';
    expect(splitBlocks(`${list}\n\n后文`).blocks).toEqual([list, '后文']);
  });

  it('never splits a loose list at the blank lines between its items', () => {
    const list = '1. 第一步\n\n2. 第二步\n\n   续写第二步\n\n3. 第三步';
    expect(splitBlocks(`${list}\n\n总结`).blocks).toEqual([list, '总结']);
    // Streamed: while the list may go on, it is the open tail.
    expect(splitBlocks('1. 第一步\n\n2. 第二步\n\n').blocks).toEqual(['1. 第一步\n\n2. 第二步\n\n']);
  });

  it('keeps a fence inside a list item (blank lines in the code included) in the list', () => {
    const list = '- 安装：\n\n  ```bash\n  npm i\n\n  npm test\n  ```\n- 运行';
    expect(splitBlocks(`${list}\n\n完成`).blocks).toEqual([list, '完成']);
  });

  it('keeps a $$ block whole, and an unclosed $$ in the tail until it closes', () => {
    expect(splitBlocks('前\n\n$$\na = b\n\nc = d\n$$\n\n后').blocks).toEqual(['前', '$$\na = b\n\nc = d\n$$', '后']);
    expect(splitBlocks('前\n\n$$ E = mc^2 $$\n\n后').blocks).toEqual(['前', '$$ E = mc^2 $$', '后']);
    // Before the closing $$ arrives, markdown-it sees two paragraphs; neither is finished yet.
    expect(splitBlocks('前\n\n$$\na = b\n\nc').blocks).toEqual(['前', '$$\na = b\n\nc']);
    expect(splitBlocks('前\n\n\\[\nx\n\ny').blocks).toEqual(['前', '\\[\nx\n\ny']);
  });

  it('keeps a table one block, its rows up to the blank line', () => {
    const table = '| 模型 | 价格 |\n|---|---|\n| A | 1 |\n| B | 2 |';
    expect(splitBlocks(`说明：\n\n${table}\n\n以上`).blocks).toEqual(['说明：', table, '以上']);
  });

  it('leaves an unclosed fence at the tail of a stream open, blank lines and all', () => {
    const { blocks, state } = splitBlocks('说明\n\n```python\ndef f():\n\n    return 1\n');
    expect(blocks).toEqual(['说明', '```python\ndef f():\n\n    return 1\n']);
    // The fence closes and the next paragraph starts: now it is finished.
    expect(splitBlocks('说明\n\n```python\ndef f():\n\n    return 1\n```\n\n好', state).blocks).toEqual(['说明', '```python\ndef f():\n\n    return 1\n```', '好']);
  });

  it('streamed character by character, every kind of block splits as it does from scratch', () => {
    const full = [
      '# 标题',
      '引言第一行\n引言第二行',
      '- 一\n  - 一.1\n- 二\n\n- 三',
      '1. 步骤\n\n   ```js\n   a();\n\n   b();\n   ```\n2. 完成',
      '$$\n\\sum_i x_i\n\n= 1\n$$',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '> 引用\n> 续',
      '```\n未闭合\n\n的代码',
    ].join('\n\n');
    let state = splitBlocks('').state;
    for (let i = 1; i <= full.length; i++) {
      const next = splitBlocks(full.slice(0, i), state);
      expect(next.blocks).toEqual(splitBlocks(full.slice(0, i)).blocks);
      state = next.state;
    }
    expect(splitBlocks(full, state).blocks).toHaveLength(8);
  });
});
