import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  addMonths,
  calendarSpan,
  CalendarInputError,
  dayNumber,
  daysInMonth,
  formatDate,
  formatOffset,
  formatWallTime,
  instantOf,
  isLeapYear,
  isoWeek,
  lunarDate,
  offsetMinutes,
  parseWallTime,
  wallTimeOf,
  weekdayOf,
  zoneOf,
  type WallTime,
} from './calendar.js';
import { answered } from './toolResult.js';

const zoneField = (what: string) => z.string().max(64).optional().describe(`${what}：IANA 时区名（如 Asia/Shanghai、America/New_York）或常见城市名（北京、纽约、伦敦），默认 Asia/Shanghai`);
const dateField = (what: string) => z.string().min(1).max(40).describe(`${what}：YYYY-MM-DD 或 YYYY-MM-DD HH:mm[:ss]`);
const refusals = [CalendarInputError];

function describeInstant(instant: Date, zone: string): string {
  const wall = wallTimeOf(instant, zone);
  return `${formatWallTime(wall)} ${weekdayOf(wall)}（${zone}，${formatOffset(offsetMinutes(instant, zone))}）`;
}

/** 时间与日期: the current time, time zones, date differences, adding to dates, calendar facts. */
export function registerDatetimeTools(server: McpServer, now: () => Date): void {
  server.registerTool(
    'now',
    { title: '当前时间', description: '查询某个时区现在的日期、时间和星期。回答“现在几点”“今天几号”之类的问题时先调用它，不要凭记忆猜测。', inputSchema: { timeZone: zoneField('时区') } },
    async ({ timeZone }) =>
      answered(() => {
        const zone = zoneOf(timeZone);
        const instant = now();
        const wall = wallTimeOf(instant, zone);
        return `现在是 ${describeInstant(instant, zone)}\n农历 ${lunarDate(wall)}\nUTC 时间 ${instant.toISOString()}`;
      }, refusals),
  );

  server.registerTool(
    'convert_time_zone',
    {
      title: '时区换算',
      description: '把某个时区的一个时间换算成另一个时区的时间（考虑夏令时）。',
      inputSchema: { time: dateField('要换算的时间'), from: zoneField('原时区'), to: zoneField('目标时区') },
    },
    async ({ time, from, to }) =>
      answered(() => {
        const fromZone = zoneOf(from);
        const toZone = zoneOf(to);
        const instant = instantOf(parseWallTime(time, '时间'), fromZone);
        return `${describeInstant(instant, fromZone)}\n= ${describeInstant(instant, toZone)}`;
      }, refusals),
  );

  server.registerTool(
    'date_difference',
    {
      title: '日期间隔',
      description: '计算两个日期（或时间）之间相差多少天、几周、几年几个月几天；带时间时也给出小时和分钟。',
      inputSchema: { start: dateField('开始日期'), end: dateField('结束日期'), timeZone: zoneField('两个时间所在的时区（只在带时间时有用）') },
    },
    async ({ start, end, timeZone }) =>
      answered(() => {
        const zone = zoneOf(timeZone);
        let a = parseWallTime(start, '开始日期');
        let b = parseWallTime(end, '结束日期');
        const ms = instantOf(b, zone).getTime() - instantOf(a, zone).getTime();
        const reversed = ms < 0;
        if (reversed) [a, b] = [b, a];
        const days = dayNumber(b) - dayNumber(a);
        const span = calendarSpan(a, b);
        const minutes = Math.round(Math.abs(ms) / 60_000);
        const lines = [
          `${formatDate(a)}（${weekdayOf(a)}）到 ${formatDate(b)}（${weekdayOf(b)}）${reversed ? '（结束日期早于开始日期，已按先后顺序计算）' : ''}`,
          `相差 ${days} 天（${Math.floor(days / 7)} 周 ${days % 7} 天）`,
          `按日历计：${span.years} 年 ${span.months} 个月 ${span.days} 天`,
          `其中工作日（周一至周五，含开始日、不含结束日，未扣除法定节假日）${workdaysBetween(a, b)} 天`,
        ];
        if (minutes % 1440 !== 0) lines.push(`精确到分钟：${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分钟`);
        return lines.join('\n');
      }, refusals),
  );

  server.registerTool(
    'add_to_date',
    {
      title: '日期加减',
      description: '在一个日期（或时间）上加上或减去若干年、月、周、天、小时、分钟（负数为减），得到结果和星期。月末会落到目标月的最后一天（1 月 31 日加 1 个月是 2 月 28 或 29 日）。',
      inputSchema: {
        date: dateField('起始日期'),
        years: z.number().int().min(-10000).max(10000).optional().describe('要加的年数，负数为减'),
        months: z.number().int().min(-120000).max(120000).optional().describe('要加的月数，负数为减'),
        weeks: z.number().int().min(-500000).max(500000).optional().describe('要加的周数，负数为减'),
        days: z.number().int().min(-3650000).max(3650000).optional().describe('要加的天数，负数为减'),
        hours: z.number().int().min(-87600000).max(87600000).optional().describe('要加的小时数，负数为减'),
        minutes: z.number().int().min(-5256000000).max(5256000000).optional().describe('要加的分钟数，负数为减'),
      },
    },
    async ({ date, years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0 }) =>
      answered(() => {
        const start = parseWallTime(date, '起始日期');
        const moved = addMonths(start, years * 12 + months);
        const base = Date.UTC(moved.year, moved.month - 1, moved.day, moved.hour, moved.minute, moved.second);
        const result = new Date(base + ((weeks * 7 + days) * 1440 + hours * 60 + minutes) * 60_000);
        if (Number.isNaN(result.getTime()) || result.getUTCFullYear() < 1 || result.getUTCFullYear() > 9999) throw new CalendarInputError('结果超出了可计算的范围（公元 1–9999 年）');
        const wall: WallTime = { year: result.getUTCFullYear(), month: result.getUTCMonth() + 1, day: result.getUTCDate(), hour: result.getUTCHours(), minute: result.getUTCMinutes(), second: result.getUTCSeconds() };
        const withTime = /\d:\d/.test(date) || hours !== 0 || minutes !== 0;
        return `${withTime ? formatWallTime(start) : formatDate(start)} 加上${describeAmounts({ years, months, weeks, days, hours, minutes })}\n= ${withTime ? formatWallTime(wall) : formatDate(wall)} ${weekdayOf(wall)}`;
      }, refusals),
  );

  server.registerTool(
    'date_info',
    {
      title: '日期信息',
      description: '查询某一天是星期几、农历日期、一年中的第几天和第几周、所在季度、当月天数、是否闰年。',
      inputSchema: { date: dateField('日期') },
    },
    async ({ date }) =>
      answered(() => {
        const day = parseWallTime(date);
        const week = isoWeek(day);
        const ofYear = dayNumber(day) - dayNumber({ year: day.year, month: 1, day: 1 }) + 1;
        return [
          `${formatDate(day)} ${weekdayOf(day)}`,
          `农历 ${lunarDate(day)}`,
          `${day.year} 年的第 ${ofYear} 天（全年 ${isLeapYear(day.year) ? 366 : 365} 天，${isLeapYear(day.year) ? '闰年' : '平年'}），ISO 周 ${week.year}-W${String(week.week).padStart(2, '0')}`,
          `第 ${Math.ceil(day.month / 3)} 季度，${day.month} 月共 ${daysInMonth(day.year, day.month)} 天`,
        ].join('\n');
      }, refusals),
  );
}

function workdaysBetween(a: WallTime, b: WallTime): number {
  const from = dayNumber(a);
  const to = dayNumber(b);
  const weeks = Math.floor((to - from) / 7);
  let count = weeks * 5;
  for (let day = from + weeks * 7; day < to; day++) {
    const weekday = new Date(day * 86_400_000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

function describeAmounts(amounts: Record<'years' | 'months' | 'weeks' | 'days' | 'hours' | 'minutes', number>): string {
  const units = { years: '年', months: '个月', weeks: '周', days: '天', hours: '小时', minutes: '分钟' } as const;
  const parts = (Object.keys(units) as Array<keyof typeof units>).filter((key) => amounts[key] !== 0).map((key) => ` ${amounts[key]} ${units[key]}`);
  return parts.length ? parts.join('') : ' 0 天';
}
