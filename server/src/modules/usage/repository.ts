import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { UsageFilterKind } from '@qiming/contracts';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { CHARGE_LEDGER_KINDS, MEDIA_PREFIXES, mediaPrefixOf } from './kinds.js';

/** An instant range [start, end) as the ISO-8601 text the tables keep. */
export interface TimeRange {
  start: string;
  end: string;
}

export interface HoldRecordRow {
  generation_id: string;
  model: string;
  purpose: string;
  status: string;
  multiplier_percent: number;
  held: number;
  charged: number;
  usage: string | null;
  end_reason: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface DayKindSum {
  day: string;
  kind: string;
  points: number;
}

const num = (value: number | string | bigint | null) => Number(value ?? 0);

/**
 * SQL of the usage records: holds (one per generation) a page at a time, their charge entries by
 * idempotency key, and the ledger's charges summed per China day. Indexes: 024_usage_and_featured.
 */
export class UsageRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** The holds of the query, a condition for `where`. */
  private holdsOf(eb: ExpressionBuilder<Database, 'points_holds'>, userId: string, range: TimeRange, kind: UsageFilterKind | undefined): Expression<SqlBool> {
    const conditions: Array<Expression<SqlBool>> = [eb('points_holds.user_id', '=', userId), eb('points_holds.created_at', '>=', range.start), eb('points_holds.created_at', '<', range.end)];
    const prefix = kind && mediaPrefixOf(kind);
    if (prefix) conditions.push(eb('points_holds.purpose', '=', 'media'), eb('points_holds.generation_id', 'like', `${prefix}%`));
    else if (kind === 'chat') conditions.push(eb('points_holds.purpose', '=', 'chat'));
    else if (kind === 'media') conditions.push(eb('points_holds.purpose', '=', 'media'), ...MEDIA_PREFIXES.map(([, p]) => eb('points_holds.generation_id', 'not like', `${p}%`)));
    else if (kind === 'search' || kind === 'extension') {
      // The answers whose settle charged that fee: its entries are keyed charge:<id>:<kind>:<bucket>.
      const key = (bucket: string) => sql<string>`${sql.lit('charge:')} || points_holds.generation_id || ${sql.lit(`:${kind}:${bucket}`)}`;
      conditions.push(
        eb('points_holds.purpose', '=', 'chat'),
        eb.exists(eb.selectFrom('points_ledger').select('points_ledger.id').where('points_ledger.idempotency_key', 'in', [key('daily'), key('permanent')])),
      );
    }
    return eb.and(conditions);
  }

  async records(userId: string, range: TimeRange, kind: UsageFilterKind | undefined, offset: number, limit: number): Promise<HoldRecordRow[]> {
    const rows = await this.db
      .selectFrom('points_holds')
      .select(['generation_id', 'model', 'purpose', 'status', 'multiplier_percent', 'daily_held', 'permanent_held', 'charged', 'usage', 'end_reason', 'created_at', 'finished_at'])
      .where((eb) => this.holdsOf(eb, userId, range, kind))
      .orderBy('created_at', 'desc')
      .orderBy('generation_id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(({ daily_held, permanent_held, ...row }) => ({ ...row, multiplier_percent: num(row.multiplier_percent), held: num(daily_held) + num(permanent_held), charged: num(row.charged) }));
  }

  async countRecords(userId: string, range: TimeRange, kind: UsageFilterKind | undefined): Promise<number> {
    const row = await this.db
      .selectFrom('points_holds')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where((eb) => this.holdsOf(eb, userId, range, kind))
      .executeTakeFirstOrThrow();
    return num(row.count);
  }

  /** The user's ledger entries under these idempotency keys (the unique index answers each). */
  async entriesByKey(userId: string, keys: readonly string[]): Promise<Array<{ key: string; delta: number }>> {
    if (!keys.length) return [];
    const rows = await this.db.selectFrom('points_ledger').select(['idempotency_key', 'delta']).where('user_id', '=', userId).where('idempotency_key', 'in', keys).execute();
    return rows.map((r) => ({ key: r.idempotency_key, delta: num(r.delta) }));
  }

  /**
   * Points charged per China day and kind in the range: the ledger's charge entries (chat, media,
   * search, extension), media split by the generation's prefix in the entry's key.
   */
  async dailySums(userId: string, range: TimeRange, kind: UsageFilterKind | undefined): Promise<DayKindSum[]> {
    // Timestamps are ISO-8601 UTC text; China has no daylight saving, so its day is UTC + 8 h.
    const day =
      this.dialect === 'postgres'
        ? sql<string>`to_char((points_ledger.created_at::timestamptz at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`
        : sql<string>`substr(datetime(points_ledger.created_at, '+8 hours'), 1, 10)`;
    // Literals (constants of kinds.ts), so PostgreSQL sees one expression in the select and the group by.
    const mediaCases = MEDIA_PREFIXES.map(([name, prefix]) => sql`when points_ledger.idempotency_key like ${sql.lit(`charge:${prefix}%`)} then ${sql.lit(name)}`);
    const usageKind = sql<string>`case when points_ledger.kind = 'media' then (case ${sql.join(mediaCases, sql` `)} else 'media' end) else points_ledger.kind end`;
    let query = this.db
      .selectFrom('points_ledger')
      .select([day.as('day'), usageKind.as('usage_kind'), sql<number | string>`sum(-points_ledger.delta)`.as('points')])
      .where('points_ledger.user_id', '=', userId)
      .where('points_ledger.created_at', '>=', range.start)
      .where('points_ledger.created_at', '<', range.end);
    const prefix = kind && mediaPrefixOf(kind);
    if (prefix) query = query.where('points_ledger.kind', '=', 'media').where('points_ledger.idempotency_key', 'like', `charge:${prefix}%`);
    else if (kind === 'media') query = query.where('points_ledger.kind', '=', 'media').where((eb) => eb.and(MEDIA_PREFIXES.map(([, p]) => eb('points_ledger.idempotency_key', 'not like', `charge:${p}%`))));
    // A chat answer costs its model's use, its search and its extension calls.
    else if (kind === 'chat') query = query.where('points_ledger.kind', 'in', ['chat', 'search', 'extension']);
    else if (kind) query = query.where('points_ledger.kind', '=', kind);
    else query = query.where('points_ledger.kind', 'in', CHARGE_LEDGER_KINDS);
    const rows = await query.groupBy([sql`1`, sql`2`]).execute();
    return rows.map((r) => ({ day: r.day, kind: r.usage_kind, points: num(r.points) }));
  }
}
