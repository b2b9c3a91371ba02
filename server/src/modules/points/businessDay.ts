/**
 * The business day: the Asia/Shanghai date of (now − 3 h), so a day runs from 03:00 to 03:00 China
 * time — when daily points refresh and sign-in opens again. China has used UTC+8 all year since
 * 1991 (no daylight saving), so this is the UTC date of now + 5 h.
 */
const OFFSET_MS = (8 - 3) * 3_600_000;

/** YYYY-MM-DD of the business day `now` falls in. */
export function businessDay(now: Date): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The business day before `day` (YYYY-MM-DD). */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** When the business day `day` begins: 03:00 Asia/Shanghai, i.e. 19:00 UTC the evening before. */
export function businessDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS);
}
