import type { Page, UsageAmount, UsageDaily, UsageDay, UsageFilterKind, UsageQuery, UsageRecord, UsageStatus } from '@qiming/contracts';
import { USAGE_MAX_DAYS } from '@qiming/contracts';
import { addDays, chinaDayEnd, chinaDayStart, parseDay } from '../../chinaTime.js';
import { AppError } from '../../http/envelope.js';
import { usageKindOf } from './kinds.js';
import type { HoldRecordRow, TimeRange, UsageRepository } from './repository.js';

const badInput = (message: string) => new AppError(400, message);

/** The instants of a China-day range, refused in Chinese when the days are not a valid range. */
export function rangeOf({ from, to }: Pick<UsageQuery, 'from' | 'to'>): TimeRange {
  const start = parseDay(from);
  const end = parseDay(to);
  if (!start || !end) throw badInput('日期应为 YYYY-MM-DD 格式的有效日期');
  if (end < start) throw badInput('结束日期不能早于开始日期');
  if (addDays(start, USAGE_MAX_DAYS - 1) < end) throw badInput(`查询范围最长 ${USAGE_MAX_DAYS} 天`);
  return { start: chinaDayStart(start).toISOString(), end: chinaDayEnd(end).toISOString() };
}

function statusOf(row: HoldRecordRow): UsageStatus {
  if (row.status === 'held') return 'held';
  if (row.status === 'settled') return row.charged > 0 ? 'charged' : 'free';
  return row.status === 'expired' ? 'expired' : 'refunded';
}

function usageOf(text: string | null): UsageAmount | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as UsageAmount;
  } catch {
    return null;
  }
}

/** The ledger keys of a generation's charge parts and of its day-change expiry (points/holds.ts). */
const partKeys = (id: string) => ({
  use: [`charge:${id}:daily`, `charge:${id}:permanent`],
  search: [`charge:${id}:search:daily`, `charge:${id}:search:permanent`],
  extension: [`charge:${id}:extension:daily`, `charge:${id}:extension:permanent`],
  expired: [`release-expire:${id}`],
});

/**
 * The usage records: the caller's generations from their points holds, each with its charge read
 * from its own ledger entries, and the ledger's charges per China day.
 */
export class UsageService {
  constructor(private readonly repo: UsageRepository) {}

  async records(userId: string, query: UsageQuery, pageNo: number, pageSize: number): Promise<Page<UsageRecord>> {
    const range = rangeOf(query);
    const [rows, total] = await Promise.all([this.repo.records(userId, range, query.kind, (pageNo - 1) * pageSize, pageSize), this.repo.countRecords(userId, range, query.kind)]);
    const keys = rows.flatMap((row) => Object.values(partKeys(row.generation_id)).flat());
    const amounts = new Map<string, number>();
    for (const { key, delta } of await this.repo.entriesByKey(userId, keys)) amounts.set(key, -delta);
    const sum = (list: string[]) => list.reduce((total, key) => total + (amounts.get(key) ?? 0), 0);
    return {
      total,
      list: rows.map((row) => {
        const parts = partKeys(row.generation_id);
        const fees = { use: sum(parts.use), search: sum(parts.search), extension: sum(parts.extension) };
        const status = statusOf(row);
        return {
          id: row.generation_id,
          kind: usageKindOf(row.purpose, row.generation_id),
          model: row.model,
          createdAt: row.created_at,
          finishedAt: row.finished_at,
          status,
          usage: usageOf(row.usage),
          held: row.held,
          charged: row.charged,
          refunded: status === 'held' ? 0 : row.held - row.charged,
          fees,
          expiredDaily: sum(parts.expired),
          multiplierPercent: row.multiplier_percent,
          failure: status === 'refunded' ? row.end_reason : null,
        };
      }),
    };
  }

  async daily(userId: string, query: UsageQuery): Promise<UsageDaily> {
    const range = rangeOf(query);
    const byDay = new Map<string, UsageDay>();
    for (let day = query.from; day <= query.to; day = addDays(day, 1)) byDay.set(day, { day, total: 0, byKind: {} });
    let total = 0;
    for (const { day, kind, points } of await this.repo.dailySums(userId, range, query.kind)) {
      const entry = byDay.get(day);
      if (!entry || points === 0) continue;
      entry.total += points;
      entry.byKind[kind as UsageFilterKind] = (entry.byKind[kind as UsageFilterKind] ?? 0) + points;
      total += points;
    }
    return { from: query.from, to: query.to, days: [...byDay.values()], total };
  }
}
