import { USAGE_MAX_DAYS, type UsageFilterKind, type UsageQuery } from '@qiming/sdk/contracts';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The China calendar day (YYYY-MM-DD) of an instant: the days the server filters and totals by. */
export function chinaDayOf(instant: Date | number): string {
  return new Date(new Date(instant).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:mm:ss` in China time. */
export function chinaDateTime(iso: string): string {
  return new Date(Date.parse(iso) + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The page's first range: the last `days` China days, today included. */
export function lastDays(now: Date, days: number): { from: string; to: string } {
  const to = chinaDayOf(now);
  return { from: addDays(to, -(days - 1)), to };
}

export type RangeProblem = 'invalid' | 'reversed' | 'tooLong';

/** What is wrong with a range the user picked (the i18n key's suffix), or null; the server checks the same. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  const valid = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
  if (!valid(from) || !valid(to)) return 'invalid';
  if (to < from) return 'reversed';
  if (daysBetween(from, to) > USAGE_MAX_DAYS) return 'tooLong';
  return null;
}

/** The query the calls send: no kind for 全部. */
export function queryOf(from: string, to: string, kind: UsageFilterKind | ''): UsageQuery {
  return kind ? { from, to, kind } : { from, to };
}
