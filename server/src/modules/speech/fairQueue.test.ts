import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FairQueue } from './fairQueue.js';

describe('FairQueue (round-robin between owners)', () => {
  it('takes one job per owner in turn, and tells each job how many go before it', () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 5; i++) queue.push('heavy', `h${i}`);
    queue.push('light', 'l1');
    queue.push('other', 'o1');
    queue.push('other', 'o2');
    assert.equal(queue.ahead('light', (x) => x === 'l1'), 1);
    assert.equal(queue.ahead('other', (x) => x === 'o2'), 4);
    assert.equal(queue.ahead('heavy', (x) => x === 'h5'), 7);
    assert.equal(queue.ahead('light', (x) => x === 'nope'), null);
    const order: string[] = [];
    for (let item = queue.take(); item; item = queue.take()) order.push(item);
    assert.deepEqual(order, ['h1', 'l1', 'o1', 'h2', 'o2', 'h3', 'h4', 'h5']);
    assert.equal(queue.size, 0);
  });
});
