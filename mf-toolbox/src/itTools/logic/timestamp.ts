import { t } from '../i18n';
import { fail, ok, type Result } from './result';

export type Unit = 's' | 'ms';

/**
 * A Unix timestamp with its unit told apart by size: up to 11 digits is seconds (until the year
 * 5138), more is milliseconds. A decimal point means seconds with a fraction.
 */
export function parseTimestamp(input: string): Result<{ date: Date; unit: Unit }> {
  const text = input.trim();
  if (!text) return fail(t('it.common.empty'));
  if (!/^-?\d+(\.\d+)?$/.test(text)) return fail(t('it.timestamp.notNumber'));
  const digits = text.replace(/^-/, '').split('.')[0]!.length;
  const unit: Unit = text.includes('.') || digits <= 11 ? 's' : 'ms';
  const ms = unit === 's' ? Math.round(Number(text) * 1000) : Number(text);
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return fail(t('it.timestamp.outOfRange'));
  return ok({ date, unit });
}

const partsIn = (date: Date, timeZone: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'weekday', string>;

/** Minutes east of UTC of a zone at an instant (Asia/Shanghai: 480). */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/** `2024-01-02 03:04:05` in the zone, with its UTC offset. */
export function formatInZone(date: Date, timeZone: string): { text: string; offset: string; iso: string } {
  const p = partsIn(date, timeZone);
  const ms = String(((date.getTime() % 1000) + 1000) % 1000).padStart(3, '0');
  const local = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  const offset = offsetText(zoneOffsetMinutes(date, timeZone));
  return { text: local, offset, iso: `${local.replace(' ', 'T')}.${ms}${offset === '+00:00' ? 'Z' : offset}` };
}

/**
 * A date and time as written in a zone (`2024-01-02 03:04:05`, seconds optional), or any ISO 8601
 * text carrying its own offset, to the instant.
 */
export function parseDateInZone(input: string, timeZone: string): Result<Date> {
  const text = input.trim();
  if (!text) return fail(t('it.common.empty'));
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(text) && /\d{4}-\d{2}-\d{2}T/.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? fail(t('it.timestamp.badDate')) : ok(date);
  }
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(text);
  if (!m) return fail(t('it.timestamp.badDate'));
  const [y, mo, d, h = '0', mi = '0', s = '0', frac = '0'] = m.slice(1).map((v) => v ?? undefined) as string[];
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0'))] as const;
  const wall = Date.UTC(...fields);
  const check = new Date(wall);
  if (check.getUTCMonth() !== fields[1] || check.getUTCDate() !== fields[2] || fields[3] > 23 || fields[4] > 59 || fields[5] > 59) return fail(t('it.timestamp.badDate'));
  // The zone's offset at the guessed instant, then again at the corrected one (DST edges).
  let instant = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60000;
  instant = wall - zoneOffsetMinutes(new Date(instant), timeZone) * 60000;
  return ok(new Date(instant));
}

/** The zones a user picks from: the browser's own first, then the common ones. */
export function commonZones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = ['Asia/Shanghai', 'UTC', 'Asia/Tokyo', 'Asia/Singapore', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Australia/Sydney'];
  return [...new Set([own, ...zones].filter(Boolean))];
}

/** How long ago (or ahead) an instant is, in the page's language. */
export function relativeTime(date: Date, now: Date, locale: string): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31536000], ['month', 2592000], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}
