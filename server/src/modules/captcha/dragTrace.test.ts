import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeTrace, type TracePoint } from './dragTrace.js';
import { humanTrace } from './testing.js';

describe('drag trace (dragTrace.ts)', () => {
  it('accepts a person’s slide, and arrow-key steps', () => {
    assert.deepEqual(judgeTrace(humanTrace(150), 150), { ok: true });
    const keys: TracePoint[] = [[0, 0]];
    for (let x = 10, t = 300; x <= 120; x += 10, t += 140 + (x % 30) * 9) keys.push([x, t]);
    for (let x = 122, t = 3000; x <= 130; x += 2, t += 200 + (x % 4) * 60) keys.push([x, t]);
    assert.deepEqual(judgeTrace(keys, 130), { ok: true });
  });

  it('refuses no trace, a jump, an instant slide, a straight constant-speed line, and a trace that ends elsewhere', () => {
    assert.equal(judgeTrace(undefined, 150).ok, false);
    assert.equal(judgeTrace([[0, 0], [150, 500]], 150).ok, false);
    assert.equal(judgeTrace(humanTrace(150, 60), 150).ok, false);
    const line = Array.from({ length: 20 }, (_, i): TracePoint => [i * 10, i * 40]);
    assert.deepEqual(judgeTrace(line, 190), { ok: false, reason: 'constant speed' });
    assert.deepEqual(judgeTrace(humanTrace(150), 100), { ok: false, reason: 'does not end at x' });
    assert.deepEqual(judgeTrace(humanTrace(150).map(([x, t]): TracePoint => [x + 40, t]), 190), { ok: false, reason: 'does not start at the left' });
  });
});
