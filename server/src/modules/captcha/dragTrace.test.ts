import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeTrace, type TracePoint } from './dragTrace.js';
import { humanTrace } from './testing.js';

const from = { x: 0, y: 80 };
const to = { x: 150, y: 30 };
const ends = { start: from, end: to };

describe('drag trace (dragTrace.ts)', () => {
  it('accepts a person’s drag, and arrow-key steps on both axes', () => {
    assert.deepEqual(judgeTrace(humanTrace(from, to), ends), { ok: true });
    const keys: TracePoint[] = [[0, 80, 0]];
    let t = 300;
    const press = (x: number, y: number) => keys.push([x, y, (t += 140 + ((x + y) % 30) * 9)]);
    for (let x = 10; x <= 120; x += 10) press(x, 80);
    for (let y = 70; y >= 30; y -= 10) press(120, y);
    for (let x = 122; x <= 130; x += 2) press(x, 30);
    assert.deepEqual(judgeTrace(keys, { start: from, end: { x: 130, y: 30 } }), { ok: true });
  });

  it('refuses no trace, a jump, an instant drag, a straight constant-speed line, 2-number points, and a trace that starts or ends elsewhere', () => {
    assert.equal(judgeTrace(undefined, ends).ok, false);
    assert.equal(judgeTrace([[0, 80, 0], [150, 30, 500]], ends).ok, false);
    assert.equal(judgeTrace(humanTrace(from, to, 60), ends).ok, false);
    const line = Array.from({ length: 20 }, (_, i): TracePoint => [i * 10, 80 - i * 2, i * 40]);
    assert.deepEqual(judgeTrace(line, { start: from, end: { x: 190, y: 42 } }), { ok: false, reason: 'constant speed' });
    assert.deepEqual(judgeTrace(humanTrace(from, to).map(([x, , t]) => [x, t]), ends), { ok: false, reason: 'not [x, y, t] points' });
    assert.deepEqual(judgeTrace(humanTrace(from, to), { start: from, end: { x: 100, y: 30 } }), { ok: false, reason: 'does not end where it was let go' });
    assert.deepEqual(judgeTrace(humanTrace(from, to), { start: from, end: { x: 150, y: 36 } }), { ok: false, reason: 'does not end where it was let go' });
    assert.deepEqual(judgeTrace(humanTrace({ x: 0, y: 40 }, to), ends), { ok: false, reason: 'does not start at the piece' });
  });
});
