import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { speakableText } from './speakableText.js';

describe('speakableText', () => {
  it('drops headings, emphasis, quotes and list markers but keeps the words and the lines', () => {
    const markdown = ['# 长城简介', '', '> **长城**是*中国*古代的~~军事~~防御工程。', '', '- 第一点：`秦朝`修建', '2. 第二点：__明朝__重修', '- [x] 已完成'].join('\n');
    assert.equal(speakableText(markdown), ['长城简介', '', '长城是中国古代的军事防御工程。', '', '第一点：秦朝修建', '第二点：明朝重修', '已完成'].join('\n'));
  });

  it('keeps the text of links and images and the address of autolinks, drops reference definitions', () => {
    assert.equal(speakableText('详见[官方文档](https://example.com/docs "标题")和![架构图](a.png)。'), '详见官方文档和架构图。');
    assert.equal(speakableText('See [the guide][1] or <https://example.com>.\n\n[1]: https://example.com/guide'), 'See the guide or https://example.com.');
  });

  it('removes code fences but reads the code, and keeps a fence of another kind inside', () => {
    const markdown = ['示例：', '```js', 'const a = 1; // *not emphasis*', '```', '~~~~', '```', '~~~~', '结束'].join('\n');
    assert.equal(speakableText(markdown), ['示例：', 'const a = 1; // *not emphasis*', '结束'].join('\n'));
  });

  it('turns table rows into pauses and drops separator rows and rules', () => {
    const markdown = ['| 模型 | 价格 |', '| :--- | ---: |', '| gpt-4o | 600 |', '', '---', '完'].join('\n');
    assert.equal(speakableText(markdown), ['模型, 价格', 'gpt-4o, 600', '', '完'].join('\n'));
  });

  it('drops HTML tags and math delimiters, keeps snake_case words and escaped characters', () => {
    assert.equal(speakableText('第一行<br>第二行 <span style="color:red">红色</span>'), '第一行 第二行 红色');
    assert.equal(speakableText('公式 $E = mc^2$ 中 snake_case_name 不变，\\*星号\\*'), '公式 E = mc^2 中 snake_case_name 不变，*星号*');
  });

  it('is empty for markup alone', () => {
    assert.equal(speakableText('***\n\n```\n```\n'), '');
  });
});
