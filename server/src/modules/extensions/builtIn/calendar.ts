/** Calendar maths without a time-zone library: IANA zones through Intl, dates as UTC calendar days. */

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** Common Chinese names of places → IANA zones (the tools also take IANA names directly). */
const ZONE_ALIASES: Record<string, string> = {
  北京: 'Asia/Shanghai', 上海: 'Asia/Shanghai', 中国: 'Asia/Shanghai', 北京时间: 'Asia/Shanghai', 香港: 'Asia/Hong_Kong', 澳门: 'Asia/Macau', 台北: 'Asia/Taipei',
  东京: 'Asia/Tokyo', 日本: 'Asia/Tokyo', 首尔: 'Asia/Seoul', 韩国: 'Asia/Seoul', 新加坡: 'Asia/Singapore', 曼谷: 'Asia/Bangkok', 迪拜: 'Asia/Dubai', 新德里: 'Asia/Kolkata', 印度: 'Asia/Kolkata',
  莫斯科: 'Europe/Moscow', 伦敦: 'Europe/London', 英国: 'Europe/London', 巴黎: 'Europe/Paris', 法国: 'Europe/Paris', 柏林: 'Europe/Berlin', 德国: 'Europe/Berlin', 罗马: 'Europe/Rome', 马德里: 'Europe/Madrid',
  纽约: 'America/New_York', 华盛顿: 'America/New_York', 芝加哥: 'America/Chicago', 洛杉矶: 'America/Los_Angeles', 旧金山: 'America/Los_Angeles', 西雅图: 'America/Los_Angeles', 温哥华: 'America/Vancouver', 多伦多: 'America/Toronto',
  悉尼: 'Australia/Sydney', 墨尔本: 'Australia/Melbourne', 奥克兰: 'Pacific/Auckland', 圣保罗: 'America/Sao_Paulo', 协调世界时: 'UTC', 世界时: 'UTC', UTC: 'UTC', GMT: 'UTC',
};

export class CalendarInputError extends Error {}

/** An IANA zone (or a Chinese place name of one), checked. */
export function zoneOf(input: string | undefined, fallback = 'Asia/Shanghai'): string {
  const text = (input ?? '').trim() || fallback;
  const zone = ZONE_ALIASES[text] ?? text;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw new CalendarInputError(`未知的时区：${text}（请使用 IANA 时区名，例如 Asia/Shanghai、America/New_York，或常见城市名，例如 北京、纽约、伦敦）`);
  }
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall time of an instant in a zone. */
export function wallTimeOf(instant: Date, zone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour'), minute: value('minute'), second: value('second') };
}

const utcOf = (t: WallTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetMinutes(instant: Date, zone: string): number {
  return Math.round((utcOf(wallTimeOf(instant, zone)) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall time names in a zone; a time skipped by a daylight-saving change is read with the offset before the change (02:30 → 03:30). */
export function instantOf(wall: WallTime, zone: string): Date {
  const guess = utcOf(wall);
  const candidates = [...new Set([offsetMinutes(new Date(guess - 86_400_000), zone), offsetMinutes(new Date(guess + 86_400_000), zone)])].map(
    (offset) => guess - offset * 60_000,
  );
  const exact = candidates.filter((instant) => utcOf(wallTimeOf(new Date(instant), zone)) === guess);
  return new Date(exact.length ? Math.min(...exact) : Math.max(...candidates));
}

const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]` (also 2025年1月2日 and slashes), checked against the calendar. */
export function parseWallTime(input: string, what = '日期'): WallTime {
  const text = input
    .trim()
    .replace(/(\d+)年(\d+)月(\d+)日?/, '$1-$2-$3')
    .replace(/(\d{4})\/(\d{1,2})\/(\d{1,2})/, '$1-$2-$3')
    .replace(/(\d+)[时点](\d+)分?(?:(\d+)秒)?/, (_m, h, mi, s) => `${h}:${mi}${s ? `:${s}` : ''}`)
    .replace(/\s+/g, ' ');
  const match = DATE_TIME.exec(text);
  if (!match) throw new CalendarInputError(`${what}格式不正确：${input}（请写成 2025-01-31 或 2025-01-31 08:30）`);
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number, number];
  const wall = { year, month, day, hour, minute, second };
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    throw new CalendarInputError(`${what}不存在：${input}`);
  }
  return wall;
}

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** Days since 1970-01-01 of a calendar date. */
export const dayNumber = (t: Pick<WallTime, 'year' | 'month' | 'day'>) => Math.floor(Date.UTC(t.year, t.month - 1, t.day) / 86_400_000);
export const weekdayOf = (t: Pick<WallTime, 'year' | 'month' | 'day'>) => WEEKDAYS[new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay()]!;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const formatDate = (t: Pick<WallTime, 'year' | 'month' | 'day'>) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
export const formatWallTime = (t: WallTime) => `${formatDate(t)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The date plus whole months and years, the day kept when the month has it, else the month's last day (1 月 31 日 + 1 个月 = 2 月 28/29 日). */
export function addMonths(t: WallTime, months: number): WallTime {
  const index = t.year * 12 + (t.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { ...t, year, month, day: Math.min(t.day, daysInMonth(year, month)) };
}

/** Years, months and days from a to b (a ≤ b), counted on the calendar. */
export function calendarSpan(a: WallTime, b: WallTime): { years: number; months: number; days: number } {
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (dayNumber(addMonths(a, months)) > dayNumber(b)) months -= 1;
  const days = dayNumber(b) - dayNumber(addMonths(a, months));
  return { years: Math.floor(months / 12), months: months % 12, days };
}

/** ISO 8601 week number. */
export function isoWeek(t: Pick<WallTime, 'year' | 'month' | 'day'>): { year: number; week: number } {
  const date = new Date(Date.UTC(t.year, t.month - 1, t.day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const firstDay = Date.UTC(date.getUTCFullYear(), 0, 1);
  return { year: date.getUTCFullYear(), week: Math.ceil(((date.getTime() - firstDay) / 86_400_000 + 1) / 7) };
}

/** The Chinese lunisolar date (农历), from the ICU calendar. */
export function lunarDate(t: Pick<WallTime, 'year' | 'month' | 'day'>): string {
  const format = new Intl.DateTimeFormat('zh-CN-u-ca-chinese', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
  const parts = format.formatToParts(new Date(Date.UTC(t.year, t.month - 1, t.day, 12)));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const day = Number(get('day'));
  return `${get('yearName') || get('relatedYear')}年${get('month')}${Number.isFinite(day) && day > 0 ? lunarDayName(day) : get('day')}`;
}

function lunarDayName(day: number): string {
  const digits = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
  if (day <= 10) return `初${digits[day]}`;
  if (day < 20) return `十${digits[day - 10]}`;
  if (day === 20) return '二十';
  if (day < 30) return `廿${digits[day - 20]}`;
  return '三十';
}
