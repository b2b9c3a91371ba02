import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countPromptTokens, countTokens, estimateTokens } from './tokens.js';

describe('token counts', () => {
  it('counts with o200k (loaded on first use)', () => {
    assert.equal(countTokens(''), 0);
    assert.equal(countTokens('hello world'), 2);
    assert.ok(countTokens('<|endoftext|>') >= 1, 'special tokens in user text do not throw');
  });

  it('the offline estimate: one per CJK character, one per four other characters', () => {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('你好，世界'), 5);
    assert.equal(estimateTokens('abcdefgh'), 2);
    assert.equal(estimateTokens('长城 is long'), 2 + Math.ceil(8 / 4));
    const prose = '长城是中国古代的军事防御工程，修筑历史可上溯到西周时期。';
    const ratio = estimateTokens(prose) / countTokens(prose);
    assert.ok(ratio > 0.8 && ratio < 1.6, `estimate within reach of o200k on Chinese prose (${ratio})`);
  });

  it('prompt tokens add the per-message overhead, with either counter', () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    assert.equal(countPromptTokens(messages), 3 + 3 + countTokens('hi'));
    assert.equal(countPromptTokens(messages, estimateTokens), 3 + 3 + 1);
  });
});
