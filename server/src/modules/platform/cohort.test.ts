import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cohortBucket, inCanary } from './cohort.js';

describe('canary cohort', () => {
  it('is stable per caller and area', () => {
    assert.equal(cohortBucket('chat', 'u:42'), cohortBucket('chat', 'u:42'));
  });

  it('only adds callers when the percentage grows', () => {
    const callers = Array.from({ length: 500 }, (_, i) => `a:${i}`);
    const at10 = callers.filter((c) => inCanary('pay', c, 10));
    const at50 = new Set(callers.filter((c) => inCanary('pay', c, 50)));
    assert.ok(at10.every((c) => at50.has(c)));
    assert.equal(callers.filter((c) => inCanary('pay', c, 0)).length, 0);
    assert.equal(callers.filter((c) => inCanary('pay', c, 100)).length, 500);
  });
});
