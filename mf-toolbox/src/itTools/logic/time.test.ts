/** @jest-environment node */
import { explainCron } from './cron';
import { formatInZone, parseDateInZone, parseTimestamp, zoneOffsetMinutes } from './timestamp';

describe('timestamps', () => {
  it('tell seconds from milliseconds by size', () => {
    expect(parseTimestamp('1700000000')).toEqual({ ok: true, value: { date: new Date('2023-11-14T22:13:20Z'), unit: 's' } });
    expect(parseTimestamp('1700000000123')).toEqual({ ok: true, value: { date: new Date('2023-11-14T22:13:20.123Z'), unit: 'ms' } });
    expect(parseTimestamp('1700000000.5')).toEqual({ ok: true, value: { date: new Date('2023-11-14T22:13:20.500Z'), unit: 's' } });
    expect(parseTimestamp('0')).toMatchObject({ ok: true, value: { unit: 's' } });
    expect(parseTimestamp('17e8')).toEqual({ ok: false, error: '时间戳只能是数字' });
    expect(parseTimestamp('99999999999999999999')).toEqual({ ok: false, error: '时间戳超出可表示的范围' });
  });

  it('show an instant in a zone with its offset', () => {
    const date = new Date('2024-01-01T16:30:00Z');
    expect(formatInZone(date, 'Asia/Shanghai')).toEqual({ text: '2024-01-02 00:30:00', offset: '+08:00', iso: '2024-01-02T00:30:00.000+08:00' });
    expect(formatInZone(date, 'UTC').iso).toBe('2024-01-01T16:30:00.000Z');
    expect(formatInZone(date, 'America/New_York').text).toBe('2024-01-01 11:30:00');
    expect(zoneOffsetMinutes(new Date('2024-07-01T00:00:00Z'), 'America/New_York')).toBe(-240);
  });

  it('read a wall-clock time in a zone, daylight saving included', () => {
    expect(parseDateInZone('2024-01-02 00:30:00', 'Asia/Shanghai')).toEqual({ ok: true, value: new Date('2024-01-01T16:30:00Z') });
    expect(parseDateInZone('2024-07-04 12:00', 'America/New_York')).toEqual({ ok: true, value: new Date('2024-07-04T16:00:00Z') });
    expect(parseDateInZone('2024-12-04', 'America/New_York')).toEqual({ ok: true, value: new Date('2024-12-04T05:00:00Z') });
    expect(parseDateInZone('2024-01-02T00:30:00+08:00', 'UTC')).toEqual({ ok: true, value: new Date('2024-01-01T16:30:00Z') });
    expect(parseDateInZone('2024-02-30 10:00', 'UTC')).toMatchObject({ ok: false });
    expect(parseDateInZone('明天', 'UTC')).toMatchObject({ ok: false, error: expect.stringContaining('2024-01-02 03:04:05') });
  });
});

describe('cron', () => {
  it('explains in Chinese and lists the next runs in the zone', () => {
    // Friday 2024-01-05 08:00 in Shanghai.
    const result = explainCron('0 9 * * 1-5', { timeZone: 'Asia/Shanghai', from: new Date('2024-01-05T00:00:00Z'), count: 3 });
    expect(result).toEqual({
      ok: true,
      value: { description: expect.stringMatching(/09:00.*星期一.*星期五/), next: [new Date('2024-01-05T01:00:00Z'), new Date('2024-01-08T01:00:00Z'), new Date('2024-01-09T01:00:00Z')] },
    });
  });

  it('follows the zone across daylight saving', () => {
    const result = explainCron('0 0 * * *', { timeZone: 'America/New_York', from: new Date('2024-03-09T12:00:00Z'), count: 2 });
    expect(result.ok && result.value.next).toEqual([new Date('2024-03-10T05:00:00Z'), new Date('2024-03-11T04:00:00Z')]);
  });

  it('reads six fields as seconds first, and day-of-month or day-of-week as either', () => {
    const seconds = explainCron('30 0 12 * * *', { timeZone: 'UTC', from: new Date('2024-01-01T00:00:00Z'), count: 1 });
    expect(seconds.ok && seconds.value.next).toEqual([new Date('2024-01-01T12:00:30Z')]);
    // The 13th or any Friday: Friday 2024-09-06 comes before the 13th.
    const either = explainCron('0 0 13 * 5', { timeZone: 'UTC', from: new Date('2024-09-01T00:00:00Z'), count: 2 });
    expect(either.ok && either.value.next).toEqual([new Date('2024-09-06T00:00:00Z'), new Date('2024-09-13T00:00:00Z')]);
  });

  it('says what is wrong in Chinese', () => {
    expect(explainCron('* * *', { timeZone: 'UTC' })).toEqual({ ok: false, error: 'Cron 表达式应有 5 或 6 段，这里有 3 段' });
    expect(explainCron('61 * * * *', { timeZone: 'UTC' })).toMatchObject({ ok: false, error: expect.stringMatching(/^表达式无效：/) });
  });
});
