import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addDays,
  businessDay,
  businessDayStart,
  chinaDay,
  chinaDayEnd,
  chinaDayStart,
  chinaRfc3339,
  formatChinaDateTime,
  parseChinaDateTime,
  parseDay,
} from './chinaTime.js';

describe('China time', () => {
  it('the China day turns at 16:00 UTC', () => {
    assert.equal(chinaDay(new Date('2025-03-01T15:59:59.999Z')), '2025-03-01');
    assert.equal(chinaDay(new Date('2025-03-01T16:00:00.000Z')), '2025-03-02');
    assert.equal(chinaDay(Date.parse('2025-12-31T16:00:00Z')), '2026-01-01');
    assert.equal(chinaDay(new Date('2024-02-28T16:00:00Z')), '2024-02-29');
  });

  it('a China day starts at 00:00 and ends at 00:00 of the next one', () => {
    assert.deepEqual(chinaDayStart('2025-03-02'), new Date('2025-03-01T16:00:00Z'));
    assert.deepEqual(chinaDayEnd('2025-03-01'), new Date('2025-03-01T16:00:00Z'));
    assert.deepEqual(chinaDayEnd('2025-12-31'), new Date('2025-12-31T16:00:00Z'));
    assert.deepEqual(chinaDayEnd('2024-02-28'), new Date('2024-02-28T16:00:00Z'));
    assert.equal(chinaDay(chinaDayStart('2025-03-02')), '2025-03-02');
    assert.equal(chinaDay(chinaDayEnd('2025-03-01').getTime() - 1), '2025-03-01');
  });

  it('the business day turns at 03:00 China time (19:00 UTC)', () => {
    assert.equal(businessDay(new Date('2030-01-01T18:59:59.999Z')), '2030-01-01');
    assert.equal(businessDay(new Date('2030-01-01T19:00:00.000Z')), '2030-01-02');
    // 00:30 China time still belongs to the day before.
    assert.equal(businessDay(new Date('2030-01-01T16:30:00Z')), '2030-01-01');
    assert.deepEqual(businessDayStart('2030-01-02'), new Date('2030-01-01T19:00:00Z'));
    assert.equal(businessDay(businessDayStart('2030-03-01')), '2030-03-01');
    assert.equal(businessDay(businessDayStart('2030-03-01').getTime() - 1), '2030-02-28');
    assert.equal(businessDay(new Date('2030-01-02T02:59:00+08:00')), '2030-01-01');
    assert.equal(businessDay(new Date('2030-01-02T03:00:00+08:00')), '2030-01-02');
    assert.equal(businessDay(new Date('2030-01-02T23:59:00+08:00')), '2030-01-02');
    assert.equal(businessDay(new Date('2030-01-03T00:30:00+08:00')), '2030-01-02');
  });

  it('adds days across months, years and leap days', () => {
    assert.equal(addDays('2024-03-01', -1), '2024-02-29');
    assert.equal(addDays('2025-03-01', -1), '2025-02-28');
    assert.equal(addDays('2025-12-31', 1), '2026-01-01');
    assert.equal(addDays('2026-01-01', -1), '2025-12-31');
    assert.equal(addDays('2032-03-01', -1), '2032-02-29');
  });

  it('accepts only real calendar days written YYYY-MM-DD', () => {
    assert.equal(parseDay('2024-02-29'), '2024-02-29');
    assert.equal(parseDay('2025-02-29'), null);
    assert.equal(parseDay('2025-02-30'), null);
    assert.equal(parseDay('2025-13-01'), null);
    assert.equal(parseDay('2025-1-01'), null);
    assert.equal(parseDay('2025-01-01T00:00'), null);
    assert.equal(parseDay(''), null);
  });

  it('formats and parses YYYY-MM-DD HH:mm:ss in China time', () => {
    assert.equal(formatChinaDateTime(new Date('2025-01-02T16:04:05.678Z')), '2025-01-03 00:04:05');
    assert.equal(formatChinaDateTime(new Date('2025-01-02T15:59:59.999Z')), '2025-01-02 23:59:59');
    assert.deepEqual(parseChinaDateTime('2016-07-19 14:10:47'), new Date('2016-07-19T06:10:47Z'));
    assert.deepEqual(parseChinaDateTime('2025-01-03 00:00:00'), new Date('2025-01-02T16:00:00Z'));
    assert.equal(parseChinaDateTime('2016-07-19T14:10:47'), null);
    assert.equal(parseChinaDateTime('2016-07-19 14:10'), null);
    assert.equal(parseChinaDateTime(undefined), null);
    assert.equal(parseChinaDateTime(20160719), null);
  });

  it('writes RFC 3339 with +08:00, whole seconds', () => {
    assert.equal(chinaRfc3339(new Date('2025-01-02T03:04:05.678Z')), '2025-01-02T11:04:05+08:00');
    assert.equal(chinaRfc3339(new Date('2025-12-31T16:00:00Z')), '2026-01-01T00:00:00+08:00');
    assert.equal(chinaRfc3339(new Date('2025-12-31T15:59:59Z')), '2025-12-31T23:59:59+08:00');
  });
});
