import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headingOf, suggestedQuestions, SUMMARY_QUESTION } from './suggestions.js';

describe('suggested questions of a document', () => {
  it('reads numbered and Markdown headings, without their numbering, and not sentences', () => {
    assert.equal(headingOf('第三章 售后服务'), '售后服务');
    assert.equal(headingOf('二、退货政策'), '退货政策');
    assert.equal(headingOf('2.1 发货时间'), '发货时间');
    assert.equal(headingOf('（一）适用范围'), '适用范围');
    assert.equal(headingOf('## 安装步骤'), '安装步骤');
    assert.equal(headingOf('1. 退货需在收到商品后七天内申请，商品需保持完好。'), null);
    assert.equal(headingOf('2024'), null);
    assert.equal(headingOf('普通的一段文字'), null);
  });

  it('asks what the document is about, then about its first headings, and fills with general questions', () => {
    const text = ['第一章 总则', '本制度适用于全体员工。', '第二章 休假', '员工每年享有带薪年假。', '第二章 休假', '第三章 报销'].join('\n');
    assert.deepEqual(suggestedQuestions(text), [SUMMARY_QUESTION, '「总则」部分讲了什么？', '「休假」部分讲了什么？', '「报销」部分讲了什么？']);
    const plain = suggestedQuestions('只有正文，没有任何标题。\n\f\n第二页也是正文。');
    assert.equal(plain.length, 4);
    assert.equal(plain[0], SUMMARY_QUESTION);
    assert.ok(plain.slice(1).every((question) => !question.includes('「')));
  });
});
