import { sql, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database, HoldStatus, PointsBucketName, PointsHoldTable, PointsLedgerTable } from '../../db/schema.js';

/** The database or a transaction: repository calls inside a write transaction get the transaction. */
export type Executor = Kysely<Database>;

export type LedgerRow = Selectable<PointsLedgerTable>;
export type HoldRow = Selectable<PointsHoldTable>;
export type NewLedgerRow = Omit<LedgerRow, 'id'>;

export interface BalanceRows {
  daily: { balance: number; day: string | null };
  permanent: { balance: number };
}

const num = (value: number | string | bigint) => Number(value);

/** SQL of balances, the ledger and holds; the same queries on SQLite and PostgreSQL. */
export class PointsRepository {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /** One write transaction (BEGIN IMMEDIATE on SQLite, see db/database.ts). */
  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private selectBalances(ex: Executor, userId: string, lock: boolean) {
    let query = ex.selectFrom('points_balances').select(['bucket', 'balance', 'day']).where('user_id', '=', userId).orderBy('bucket');
    // PostgreSQL: row locks, always in the same order (daily before permanent), so no two
    // transactions can wait on each other. SQLite: the transaction already holds the write lock.
    if (lock && this.dialect === 'postgres') query = query.forUpdate();
    return query.execute();
  }

  private static rowsOf(rows: Array<{ bucket: PointsBucketName; balance: number; day: string | null }>): BalanceRows | null {
    const daily = rows.find((r) => r.bucket === 'daily');
    const permanent = rows.find((r) => r.bucket === 'permanent');
    if (!daily || !permanent) return null;
    return { daily: { balance: num(daily.balance), day: daily.day }, permanent: { balance: num(permanent.balance) } };
  }

  /** Both balance rows, without a lock; null when the user has none yet. */
  async readBalances(userId: string): Promise<BalanceRows | null> {
    return PointsRepository.rowsOf(await this.selectBalances(this.db, userId, false));
  }

  /** Both balance rows, created when missing and locked until the transaction ends. */
  async lockBalances(trx: Executor, userId: string, at: string): Promise<BalanceRows> {
    const existing = PointsRepository.rowsOf(await this.selectBalances(trx, userId, true));
    if (existing) return existing;
    await trx
      .insertInto('points_balances')
      .values([
        { user_id: userId, bucket: 'daily', balance: 0, day: null, updated_at: at },
        { user_id: userId, bucket: 'permanent', balance: 0, day: null, updated_at: at },
      ])
      .onConflict((oc) => oc.columns(['user_id', 'bucket']).doNothing())
      .execute();
    const created = PointsRepository.rowsOf(await this.selectBalances(trx, userId, true));
    if (!created) throw new Error(`balance rows of ${userId} missing after insert`);
    return created;
  }

  /**
   * Adds `delta` to one bucket — a debit only while the balance covers it (the guard, besides the
   * CHECK constraint). The new balance, or null when the guard refused.
   */
  async changeBalance(trx: Executor, userId: string, bucket: PointsBucketName, delta: number, at: string): Promise<number | null> {
    let query = trx
      .updateTable('points_balances')
      .set({ balance: sql<number>`balance + ${delta}`, updated_at: at })
      .where('user_id', '=', userId)
      .where('bucket', '=', bucket);
    if (delta < 0) query = query.where('balance', '>=', -delta);
    const row = await query.returning('balance').executeTakeFirst();
    return row ? num(row.balance) : null;
  }

  /** Marks the daily bucket granted for `day`; false when it already was (or is ahead). */
  async setDailyDay(trx: Executor, userId: string, day: string, at: string): Promise<boolean> {
    const result = await trx
      .updateTable('points_balances')
      .set({ day, updated_at: at })
      .where('user_id', '=', userId)
      .where('bucket', '=', 'daily')
      .where((eb) => eb.or([eb('day', 'is', null), eb('day', '<', day)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async insertEntry(trx: Executor, entry: NewLedgerRow): Promise<void> {
    await trx.insertInto('points_ledger').values(entry).execute();
  }

  async keysExist(ex: Executor, keys: string[]): Promise<boolean> {
    const row = await ex.selectFrom('points_ledger').select('id').where('idempotency_key', 'in', keys).executeTakeFirst();
    return !!row;
  }

  /** Newest first. */
  async entries(userId: string, offset: number, limit: number): Promise<LedgerRow[]> {
    const rows = await this.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return rows.map((r) => ({ ...r, id: num(r.id), delta: num(r.delta), balance_after: num(r.balance_after) }));
  }

  async countEntries(userId: string): Promise<number> {
    const row = await this.db.selectFrom('points_ledger').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return num(row.count);
  }

  // ---- holds ---------------------------------------------------------------------------------

  async hold(ex: Executor, generationId: string, lock = false): Promise<HoldRow | undefined> {
    let query = ex.selectFrom('points_holds').selectAll().where('generation_id', '=', generationId);
    if (lock && this.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && { ...row, daily_held: num(row.daily_held), permanent_held: num(row.permanent_held), charged: num(row.charged) };
  }

  async insertHold(trx: Executor, hold: HoldRow): Promise<void> {
    await trx.insertInto('points_holds').values(hold).execute();
  }

  /** Ends a hold that is still held; false when it no longer was. */
  async finishHold(trx: Executor, generationId: string, status: Exclude<HoldStatus, 'held'>, charged: number, at: string, record: Pick<HoldRow, 'usage' | 'end_reason'>): Promise<boolean> {
    const result = await trx
      .updateTable('points_holds')
      .set({ status, charged, finished_at: at, ...record })
      .where('generation_id', '=', generationId)
      .where('status', '=', 'held')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async expiredHolds(now: string, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('points_holds').select('generation_id').where('status', '=', 'held').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
    return rows.map((r) => r.generation_id);
  }
}
