import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cutText, titleFrom } from './titles.js';

describe('conversation titles', () => {
  it('takes the first line with text, whitespace collapsed', () => {
    assert.equal(titleFrom('你好'), '你好');
    assert.equal(titleFrom('\n\n  \t\n  写一首   关于\t春天的诗  \n第二行'), '写一首 关于 春天的诗');
    assert.equal(titleFrom('first\r\nsecond'), 'first');
  });

  it('strips markdown and link syntax', () => {
    assert.equal(titleFrom('# 标题一'), '标题一');
    assert.equal(titleFrom('> 引用的 **重点** 内容'), '引用的 重点 内容');
    assert.equal(titleFrom('- [x] 已完成的 _任务_'), '已完成的 任务');
    assert.equal(titleFrom('1. 第一步'), '第一步');
    assert.equal(titleFrom('看看 [这篇文章](https://example.com/a) 吧'), '看看 这篇文章 吧');
    assert.equal(titleFrom('![图](https://example.com/a.png)'), '图');
    assert.equal(titleFrom('<https://example.com>'), 'https://example.com');
    assert.equal(titleFrom('运行 `npm test` ~~失败~~'), '运行 npm test 失败');
    assert.equal(titleFrom('fix my_snake_case_x'), 'fix my_snake_case_x');
  });

  it('skips lines with nothing left once stripped (code fences, rules, empty links)', () => {
    assert.equal(titleFrom('```python\nprint(1)\n```'), 'print(1)');
    assert.equal(titleFrom('---\n***\n正文'), '正文');
    assert.equal(titleFrom('[](https://example.com)\n第二行'), '第二行');
  });

  it('cuts to 20 characters, ending in …, without splitting an emoji', () => {
    assert.equal(titleFrom('一二三四五六七八九十一二三四五六七八九十'), '一二三四五六七八九十一二三四五六七八九十');
    assert.equal(titleFrom('一二三四五六七八九十一二三四五六七八九十多'), '一二三四五六七八九十一二三四五六七八九…');
    const emoji = titleFrom('😀'.repeat(30));
    assert.equal(Array.from(emoji).length, 20);
    assert.equal(emoji, `${'😀'.repeat(19)}…`);
    assert.equal(cutText('abc def ghi', 8, '…'), 'abc def…');
  });

  it('is 新对话 when nothing usable is left', () => {
    assert.equal(titleFrom(''), '新对话');
    assert.equal(titleFrom('  \n\t\n'), '新对话');
    assert.equal(titleFrom('```\n```'), '新对话');
    assert.equal(titleFrom('**  **'), '新对话');
  });
});
