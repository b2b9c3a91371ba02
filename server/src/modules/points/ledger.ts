import type { PointsBucketName } from '../../db/schema.js';
import { entitlementsOf } from '../catalogue/index.js';
import type { PointsBalance } from '../users/points.js';
import { userPlanOf } from '../users/queries.js';
import { businessDay } from '../../chinaTime.js';
import { insufficientPoints } from './codes.js';
import type { LedgerKind } from './kinds.js';
import type { Executor, PointsRepository } from './repository.js';

/** What an entry is for. `key` is unique over the whole ledger: a second change with it is not applied. */
export interface EntryMeta {
  kind: LedgerKind;
  reference: string | null;
  key: string;
}

/** How much a debit took from each bucket. */
export interface DebitSplit {
  daily: number;
  permanent: number;
}

interface Buckets {
  daily: number;
  permanent: number;
}

const view = (b: Buckets): PointsBalance => ({ restIntegral: b.permanent, restIntegral2: b.daily });

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new TypeError(`points amount must be a non-negative integer, got ${amount}`);
}

/** The daily allowance per subscription tier (the tier in force; expired counts as 0). */
export class DailyAllowance {
  constructor(private readonly byTier: readonly number[]) {}

  async of(ex: Executor, repo: PointsRepository, userId: string, now: Date): Promise<number> {
    const user = await userPlanOf(ex, userId);
    if (!user) throw new Error(`no user ${userId}`);
    const tier = entitlementsOf(user, now).subscriptionTier;
    return this.byTier[Math.min(tier, this.byTier.length - 1)] ?? 0;
  }
}

/**
 * The ledger inside one write transaction, at one instant. Every change goes through `apply`: a
 * guarded balance update and its ledger entry (with the balance after) in the same transaction, so
 * the sum of a user's entries always equals the balance. `lock(user)` comes first for each user a
 * transaction changes: it locks both balance rows (PostgreSQL row locks; SQLite's transaction holds
 * the database write lock) and applies the lazy daily refresh.
 */
export class LedgerTx {
  readonly day: string;
  readonly at: string;
  private readonly locked = new Map<string, Buckets>();

  constructor(
    readonly trx: Executor,
    private readonly repo: PointsRepository,
    private readonly allowance: DailyAllowance,
    readonly now: Date,
  ) {
    this.day = businessDay(now);
    this.at = now.toISOString();
  }

  /** Locks the user's balances for this transaction, refreshes the daily bucket, answers the balance. */
  async lock(userId: string): Promise<PointsBalance> {
    const known = this.locked.get(userId);
    if (known) return view(known);
    const rows = await this.repo.lockBalances(this.trx, userId, this.at);
    const buckets: Buckets = { daily: rows.daily.balance, permanent: rows.permanent.balance };
    this.locked.set(userId, buckets);
    if (rows.daily.day === null || rows.daily.day < this.day) await this.refreshDaily(userId, buckets, rows.daily.day);
    return view(buckets);
  }

  /**
   * The first touch of a business day: yesterday's leftover expires and today's allowance is granted
   * (two entries, keyed per user and day, so they happen once whatever runs concurrently).
   */
  private async refreshDaily(userId: string, buckets: Buckets, lastDay: string | null): Promise<void> {
    const allowance = await this.allowance.of(this.trx, this.repo, userId, this.now);
    if (buckets.daily > 0) await this.apply(userId, 'daily', -buckets.daily, { kind: 'daily_expire', reference: lastDay, key: `daily:${userId}:${this.day}:expire` });
    if (allowance > 0) await this.apply(userId, 'daily', allowance, { kind: 'daily_grant', reference: this.day, key: `daily:${userId}:${this.day}:grant` });
    if (!(await this.repo.setDailyDay(this.trx, userId, this.day, this.at))) throw new Error(`daily bucket of ${userId} changed while locked`);
  }

  /** The balance of a user locked in this transaction. */
  balanceOf(userId: string): PointsBalance {
    return view(this.buckets(userId));
  }

  private buckets(userId: string): Buckets {
    const buckets = this.locked.get(userId);
    if (!buckets) throw new Error(`points of ${userId} changed without lock()`);
    return buckets;
  }

  /** One entry: the guarded balance change and its ledger row. Answers the balance after. */
  async apply(userId: string, bucket: PointsBucketName, delta: number, meta: EntryMeta): Promise<number> {
    if (!Number.isSafeInteger(delta) || delta === 0) throw new TypeError(`ledger delta must be a non-zero integer, got ${delta}`);
    const buckets = this.buckets(userId);
    const after = await this.repo.changeBalance(this.trx, userId, bucket, delta, this.at);
    // Only reachable if the balance changed outside a lock: refuse rather than go below 0.
    if (after === null) throw insufficientPoints();
    await this.repo.insertEntry(this.trx, {
      user_id: userId,
      bucket,
      delta,
      balance_after: after,
      kind: meta.kind,
      reference: meta.reference,
      idempotency_key: meta.key,
      created_at: this.at,
    });
    buckets[bucket] = after;
    return after;
  }

  /** Adds points to a bucket; false (and nothing changes) when `meta.key` was used before. */
  async credit(userId: string, bucket: PointsBucketName, amount: number, meta: EntryMeta): Promise<boolean> {
    assertAmount(amount);
    await this.lock(userId);
    if (await this.repo.keysExist(this.trx, [meta.key])) return false;
    if (amount > 0) await this.apply(userId, bucket, amount, meta);
    return true;
  }

  /**
   * Takes `amount`: daily points first, then permanent (entries keyed `<key>:daily` and
   * `<key>:permanent`). Refuses with 602 when both together fall short; null (nothing changes) when
   * the key was used before.
   */
  async debit(userId: string, amount: number, meta: EntryMeta): Promise<DebitSplit | null> {
    assertAmount(amount);
    await this.lock(userId);
    const keys = { daily: `${meta.key}:daily`, permanent: `${meta.key}:permanent` };
    if (await this.repo.keysExist(this.trx, [keys.daily, keys.permanent])) return null;
    const buckets = this.buckets(userId);
    if (buckets.daily + buckets.permanent < amount) throw insufficientPoints();
    const daily = Math.min(buckets.daily, amount);
    const permanent = amount - daily;
    if (daily > 0) await this.apply(userId, 'daily', -daily, { ...meta, key: keys.daily });
    if (permanent > 0) await this.apply(userId, 'permanent', -permanent, { ...meta, key: keys.permanent });
    return { daily, permanent };
  }
}
