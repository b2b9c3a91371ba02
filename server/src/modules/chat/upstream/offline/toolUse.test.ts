import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UpstreamTool } from '../types.js';
import { answerFromToolResults, lastToolRound, plannedToolCalls } from './toolUse.js';

const tool = (name: string, properties: string[]): UpstreamTool => ({
  name,
  description: name,
  inputSchema: { type: 'object', properties: Object.fromEntries(properties.map((p) => [p, { type: 'string' }])) },
});
const TOOLS = [
  tool('calculator__evaluate', ['expression']),
  tool('unit-converter__convert', ['value', 'from', 'to']),
  tool('datetime__now', ['timeZone']),
  tool('datetime__date_difference', ['from', 'to']),
  tool('url-reader__read_url', ['url']),
  tool('knowledge-search__search_knowledge', ['query']),
];
const planned = (question: string, tools = TOOLS) => plannedToolCalls(question, tools).map((call) => [call.name, JSON.parse(call.arguments)]);

describe('the offline model\'s tool use', () => {
  it('calls the tool a question obviously needs, with the arguments its schema names', () => {
    assert.deepEqual(planned('帮我算一下 (3+5)×12÷4 等于多少'), [['calculator__evaluate', { expression: '(3+5)*12/4' }]]);
    assert.deepEqual(planned('5公里等于多少英里？'), [['unit-converter__convert', { value: 5, from: '公里', to: '英里' }]]);
    assert.deepEqual(planned('纽约现在几点了'), [['datetime__now', { timeZone: 'America/New_York' }]]);
    assert.deepEqual(planned('读一下 https://example.com/a?b=1 讲了什么'), [['url-reader__read_url', { url: 'https://example.com/a?b=1' }]]);
    assert.deepEqual(planned('在我的知识库里搜索报销流程'), [['knowledge-search__search_knowledge', { query: '报销流程' }]]);
  });

  it('asks for several tools at once when the question needs several (the loop runs them in parallel)', () => {
    assert.deepEqual(planned('计算 128*256，再告诉我东京现在几点'), [
      ['calculator__evaluate', { expression: '128*256' }],
      ['datetime__now', { timeZone: 'Asia/Tokyo' }],
    ]);
  });

  it('calls nothing when the question needs no tool or the tool is not offered; argument names follow the schema', () => {
    assert.deepEqual(planned('写一首关于春天的诗'), []);
    assert.deepEqual(planned('2025-11-27 到 2025/12/01 的行程，14:30 出发，电话 138-1234-5678'), []);
    assert.deepEqual(planned('1+1 等于几', [TOOLS[2]!]), []);
    assert.deepEqual(planned('2+3*4', [tool('calculator__evaluate', ['expr'])]), [['calculator__evaluate', { expr: '2+3*4' }]]);
  });

  it('answers from the last round\'s results, saying what failed', () => {
    const round = lastToolRound([
      { role: 'user', content: '算 2+3 和 1/0' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'calculator__evaluate', arguments: '{}' }, { id: 'b', name: 'calculator__evaluate', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'a', content: '5' },
      { role: 'tool', toolCallId: 'b', content: '除数不能为 0', toolError: true },
    ]);
    assert.ok(round);
    const answer = answerFromToolResults(round, '> 离线演示');
    assert.match(answer, /我调用了 2 个扩展工具/);
    assert.match(answer, /\*\*计算器\*\* 返回：`5`/);
    assert.match(answerFromToolResults({ calls: [{ id: 'c', name: 'calculator__evaluate', arguments: '{}' }], results: [{ role: 'tool', toolCallId: 'c', content: '2*3 = `6`' }] }, ''), /返回：`` 2\*3 = `6` ``/);
    assert.match(answer, /调用没有成功（除数不能为 0）/);
    assert.equal(lastToolRound([{ role: 'user', content: 'x' }]), null);
  });
});
