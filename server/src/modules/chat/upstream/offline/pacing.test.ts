import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { withinBudget } from './budget.js';
import { estimateTokens } from '../tokens.js';
import { pausesFor, piecesOf, sleep, untilAborted } from './pacing.js';

const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('offline model: pacing', () => {
  it('cuts text into small pieces without splitting a surrogate pair', () => {
    assert.deepEqual(piecesOf('abcdefghij', 4), ['abcd', 'efgh', 'ij']);
    assert.deepEqual(piecesOf('', 4), []);
    const emoji = 'ab😀cd😀';
    const pieces = piecesOf(emoji, 3);
    assert.equal(pieces.join(''), emoji);
    assert.ok(pieces.every((piece) => !/[\ud800-\udbff]$/.test(piece) && !/^[\udc00-\udfff]/.test(piece)));
  });

  it('spreads the time of the tokens over the pieces by length', () => {
    const pieces = ['abcd', 'efgh', 'ij'];
    const pauses = pausesFor(pieces, 30, 60);
    assert.ok(Math.abs(pauses.reduce((a, b) => a + b, 0) - 500) < 1e-9);
    assert.equal(pauses[0], pauses[1]);
    assert.equal(pauses[2]! * 2, pauses[0]);
    assert.deepEqual(pausesFor(pieces, 30, 0), [0, 0, 0]);
    assert.deepEqual(pausesFor(pieces, 30, Infinity), [0, 0, 0]);
  });

  it('sleep ends at once on abort and leaves no timer behind', async () => {
    const before = pendingTimers();
    const controller = new AbortController();
    let ended = false;
    const sleeping = sleep(3_600_000, controller.signal).then(() => (ended = true));
    assert.equal(pendingTimers(), before + 1);
    await nextTurn();
    assert.equal(ended, false);
    controller.abort();
    await sleeping;
    assert.equal(pendingTimers(), before);
    await sleep(3_600_000, controller.signal);
    assert.equal(pendingTimers(), before, 'an aborted signal starts no timer');
  });

  it('untilAborted waits for the abort and nothing else', async () => {
    const controller = new AbortController();
    let ended = false;
    const waiting = untilAborted(controller.signal).then(() => (ended = true));
    for (let i = 0; i < 5; i++) await nextTurn();
    assert.equal(ended, false);
    controller.abort();
    await waiting;
    assert.equal(ended, true);
  });

  it('keeps reasoning and content within the output budget', () => {
    const reasoning = '先想一想这个问题的关键。'.repeat(20);
    const content = '这是回答的正文，包含很多内容。'.repeat(40);
    const all = withinBudget(reasoning, content, 100_000);
    assert.equal(all.reasoning.text, reasoning);
    assert.equal(all.content.text, content);
    const budget = estimateTokens(reasoning) + 50;
    const tight = withinBudget(reasoning, content, budget);
    assert.equal(tight.reasoning.text, reasoning);
    assert.ok(content.startsWith(tight.content.text) && tight.content.text.length > 0);
    assert.equal(tight.content.tokens, estimateTokens(tight.content.text));
    assert.ok(tight.reasoning.tokens + tight.content.tokens <= budget);
    const reasoningOnly = withinBudget(reasoning, content, 20);
    assert.ok(reasoning.startsWith(reasoningOnly.reasoning.text) && reasoningOnly.reasoning.tokens > 0);
    assert.ok(reasoningOnly.reasoning.tokens + reasoningOnly.content.tokens <= 20, 'the reasoning comes first');
    const none = withinBudget(reasoning, content, 0);
    assert.deepEqual([none.reasoning.text, none.content.text], ['', '']);
  });
});
