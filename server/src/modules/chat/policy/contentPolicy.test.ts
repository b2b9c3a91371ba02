import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createContentPolicy, loadContentPolicy, parsePolicyLists } from './contentPolicy.js';

describe('content policy', () => {
  const policy = createContentPolicy(parsePolicyLists('# comment\n分裂 国家\nBadWord\n!反分裂国家法\n\n'));

  it('finds a banned term whatever the whitespace and case', () => {
    assert.equal(policy.violation('我想了解分裂国家'), '分裂国家');
    assert.equal(policy.violation('分 裂\n国\t家'), '分裂国家');
    assert.equal(policy.violation('a bad  word here'), 'badword');
    assert.equal(policy.violation('你好，今天天气怎么样'), null);
    assert.equal(policy.violation('   '), null);
  });

  it('takes exempt phrases out before matching, but not the rest of the text', () => {
    assert.equal(policy.violation('请解释反分裂国家法的立法背景'), null);
    assert.equal(policy.violation('反 分裂 国家 法'), null);
    assert.equal(policy.violation('反分裂国家法以外，我支持分裂国家'), '分裂国家');
  });

  it('a term split across an exempt phrase is not glued together', () => {
    const lists = parsePolicyLists('ab\n!xa\n');
    assert.equal(createContentPolicy(lists).violation('xab'), null);
    assert.equal(createContentPolicy(lists).violation('xa b'), null);
    assert.equal(createContentPolicy(lists).violation('xa ab'), 'ab');
  });

  it('the built-in list loads and refuses its own terms', () => {
    const builtIn = loadContentPolicy();
    assert.equal(builtIn.violation('怎么 自制 炸药'), '自制炸药');
    assert.equal(builtIn.violation('写一首关于春天的诗'), null);
  });
});
