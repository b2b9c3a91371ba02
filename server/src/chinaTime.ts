/**
 * China time: UTC+8 all year (no daylight saving since 1991), so every rule here is plain offset
 * arithmetic on UTC — no time-zone database involved. Days are `YYYY-MM-DD` strings.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CHINA_OFFSET_MS = 8 * HOUR_MS;
/** The business day starts at 03:00 China time (daily points refresh, sign-in opens again). */
const BUSINESS_DAY_START_MS = 3 * HOUR_MS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The instant shifted to China wall-clock time, read with the UTC getters / `toISOString`. */
function chinaWall(instant: Date | number): Date {
  return new Date(new Date(instant).getTime() + CHINA_OFFSET_MS);
}

/** Midnight UTC of `day` in ms (the day is assumed valid). */
function utcMidnight(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** `day` when it is a real calendar date written `YYYY-MM-DD`, else null (2025-02-30 is not). */
export function parseDay(day: string): string | null {
  if (!DAY.test(day)) return null;
  const ms = utcMidnight(day);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day ? day : null;
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The China calendar day (`YYYY-MM-DD`) the instant falls in. */
export function chinaDay(instant: Date | number): string {
  return chinaWall(instant).toISOString().slice(0, 10);
}

/** 00:00 China time of `day`. */
export function chinaDayStart(day: string): Date {
  return new Date(utcMidnight(day) - CHINA_OFFSET_MS);
}

/** The end of `day` in China time: 00:00 of the day after (exclusive). */
export function chinaDayEnd(day: string): Date {
  return chinaDayStart(addDays(day, 1));
}

/** The business day (`YYYY-MM-DD`) the instant falls in: a day runs from 03:00 to 03:00 China time. */
export function businessDay(instant: Date | number): string {
  return chinaDay(new Date(instant).getTime() - BUSINESS_DAY_START_MS);
}

/** When the business day `day` begins: 03:00 China time, i.e. 19:00 UTC the evening before. */
export function businessDayStart(day: string): Date {
  return new Date(chinaDayStart(day).getTime() + BUSINESS_DAY_START_MS);
}

/** `YYYY-MM-DD HH:mm:ss` in China time (the share page's sharedAt, Alipay's timestamps). */
export function formatChinaDateTime(instant: Date | number): string {
  return chinaWall(instant).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant of a `YYYY-MM-DD HH:mm:ss` China time; null for anything else. */
export function parseChinaDateTime(text: unknown): Date | null {
  if (typeof text !== 'string' || !DATE_TIME.test(text)) return null;
  const time = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(time) ? null : new Date(time);
}

/** RFC 3339 in China time, whole seconds: `2025-01-02T11:04:05+08:00` (WeChat Pay's format). */
export function chinaRfc3339(instant: Date | number): string {
  return `${chinaWall(instant).toISOString().slice(0, 19)}+08:00`;
}
