import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAGE_BREAK } from '@qiming/contracts';
import { blocksOf, chunkDocument, chunkText, cleanText, overlapTail, sentencesOf } from './chunker.js';

const sentence = (n: number) => `这是第${n}句话，用来测试切分是否按句子进行。`;

describe('knowledge chunker', () => {
  it('cleans control characters, trailing spaces and runs of blank lines', () => {
    assert.equal(cleanText('\ufeff第一行  \r\n\r\n\r\n\r\n第二\u0007行\t'), '第一行\n\n第二行');
  });

  it('gives every block its heading path', () => {
    const blocks = blocksOf('前言\n\n# 安装\n## 环境要求\n需要 Node 20。\n## 步骤\n运行命令。\n# 使用\n打开页面。');
    assert.deepEqual(
      blocks.map((b) => [b.heading, b.text]),
      [
        ['', '前言'],
        ['安装 › 环境要求', '需要 Node 20。'],
        ['安装 › 步骤', '运行命令。'],
        ['使用', '打开页面。'],
      ],
    );
  });

  it('keeps a table and a code fence whole, blank lines inside the fence too', () => {
    const text = '# 价格\n说明。\n| 套餐 | 价格 |\n| --- | --- |\n| 基础 | 10 |\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n结尾。';
    const blocks = blocksOf(text);
    assert.deepEqual(blocks.map((b) => b.kind), ['paragraph', 'table', 'code', 'paragraph']);
    assert.equal(blocks[2]!.text, '```js\nconst a = 1;\n\nconst b = 2;\n```');
    const chunks = chunkText(text);
    assert.equal(chunks.length, 1);
    assert.match(chunks[0]!.text, /\| 基础 \| 10 \|/);
  });

  it('splits a long paragraph at sentence ends, within the maximum, with an overlap from a sentence start', () => {
    const paragraph = Array.from({ length: 60 }, (_, i) => sentence(i + 1)).join('');
    const chunks = chunkText(`# 长段落\n${paragraph}`);
    assert.ok(chunks.length >= 2);
    for (const chunk of chunks) {
      assert.equal(chunk.heading, '长段落');
      assert.ok(chunk.text.length <= 800, `${chunk.text.length}`);
      assert.match(chunk.text, /^这是第\d+句话/);
      assert.match(chunk.text, /。$/);
    }
    // The second passage starts with the last whole sentences of the first (at most 80 characters).
    const overlap = chunks[1]!.text.split('\n\n')[0]!;
    assert.ok(overlap.length > 0 && overlap.length <= 80, overlap);
    assert.ok(chunks[0]!.text.endsWith(overlap));
    assert.equal(sentencesOf(overlap)[0], sentencesOf(chunks[0]!.text).at(-sentencesOf(overlap).length));
  });

  it('packs short paragraphs of one section together and starts a new passage at a new heading', () => {
    const chunks = chunkText('# 甲\n短段一。\n\n短段二。\n# 乙\n短段三。');
    assert.deepEqual(chunks, [
      { heading: '甲', text: '短段一。\n\n短段二。' },
      { heading: '乙', text: '短段三。' },
    ]);
  });

  it('cuts a table longer than the hard maximum by rows', () => {
    const rows = Array.from({ length: 200 }, (_, i) => `| 第${i}行 | ${'数据'.repeat(5)} |`).join('\n');
    const chunks = chunkText(rows);
    assert.ok(chunks.length >= 3);
    for (const chunk of chunks) {
      assert.ok(chunk.text.length <= 2000);
      assert.match(chunk.text, /^\| 第\d+行/);
    }
  });

  it('takes an overlap from a sentence start', () => {
    assert.equal(overlapTail('第一句很长很长很长。第二句。', 8), '第二句。');
    assert.equal(overlapTail('短。', 80), '短。');
  });

  it("gives a PDF's passages their pages, and a paragraph running over a page break both pages", () => {
    const pages = ['第一页的内容到此结束。', '第二页开始新的一节，这一段话没有说完，', '在第三页才说完。', '', '第五页。'];
    const chunks = chunkDocument(pages.join(PAGE_BREAK));
    assert.deepEqual(
      chunks.map(({ text, page, pageEnd }) => [text, page, pageEnd]),
      [
        ['第一页的内容到此结束。', 1, 1],
        ['第二页开始新的一节，这一段话没有说完，\n\n在第三页才说完。', 2, 3],
        ['第五页。', 5, 5],
      ],
    );
    assert.deepEqual(chunkDocument('# 标题\n没有分页的文字。').map(({ page, pageEnd }) => [page, pageEnd]), [[null, null]]);
  });
});
