import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { queryTerms, searchTerms } from './segment.js';

describe('knowledge search terms', () => {
  it('index a word of several characters with its characters, without stop words', () => {
    const terms = searchTerms('退货政策的说明');
    assert.ok(terms.includes('退货'));
    assert.ok(terms.includes('退'));
    assert.ok(!terms.includes('的'));
  });

  it('leave the most common single characters out of a query while telling terms remain', () => {
    // 人 and 大 are among the commonest characters; 退货 and its characters are not.
    const terms = queryTerms('大人退货');
    assert.ok(terms.includes('退货'));
    assert.ok(terms.includes('退'));
    assert.ok(!terms.includes('人'));
    assert.ok(!terms.includes('大'));
    assert.ok(searchTerms('大人退货').includes('人'), 'passages still index them');
  });

  it('keep common characters when the query has nothing else', () => {
    assert.deepEqual(new Set(queryTerms('人')), new Set(['人']));
  });
});
