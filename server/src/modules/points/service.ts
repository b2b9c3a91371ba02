import type { LedgerEntryView, Page, PriceQuote } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { PointsBucketName } from '../../db/schema.js';
import type { Log } from '../../log.js';
import { sessionExpired } from '../../http/requestUser.js';
import { entitlementsOf, maxCostOf, priceTextOf, restrictionOf, type ChargeLimits, type ModelPrices } from '../catalogue/index.js';
import type { PointsBalance } from '../users/points.js';
import { userPlanOf } from '../users/queries.js';
import { businessDay } from '../../chinaTime.js';
import { INSUFFICIENT_MESSAGE, POINTS_CODES, unknownModel } from './codes.js';
import { HoldService, type HoldOptions, type HoldOutcome, type RefundOptions, type SettleOptions } from './holds.js';
import { kindText } from './kinds.js';
import { DailyAllowance, LedgerTx, type DebitSplit, type EntryMeta } from './ledger.js';
import type { PointsRepository } from './repository.js';
import type { Usage } from '../catalogue/index.js';

export interface PointsOptions {
  now: Clock;
  /** Daily allowance per subscription tier 0..3. */
  dailyByTier: readonly number[];
  holdMinutes: number;
  limits: ChargeLimits;
  /** The catalogue's prices (the live Catalogue in the server). */
  prices: ModelPrices;
  /** Called after a settle that produced output (the invite reward's "first successful use"). */
  onSuccessfulUse?: (userId: string) => Promise<unknown>;
  log?: Log;
}

export interface QuoteOptions {
  webSearch?: boolean;
  /** Characters of everything sent upstream (system prompt, history, message); 0 when unknown. */
  promptChars?: number;
}

/**
 * The points ledger and what is built on it: balances with the lazy daily refresh, credits and
 * debits, the history, price quotes and the hold / settle / refund API of the chat gateway and
 * media tasks. Every change is one write transaction (`write`).
 */
export class PointsService {
  private readonly allowance: DailyAllowance;
  readonly holds: HoldService;

  constructor(
    readonly repo: PointsRepository,
    private readonly options: PointsOptions,
  ) {
    this.allowance = new DailyAllowance(options.dailyByTier);
    this.holds = new HoldService(this, repo, options);
  }

  now(): Date {
    return this.options.now();
  }

  /**
   * Runs `fn` in one write transaction with a ledger at one instant. Sign-in, invites and
   * redemption codes put their own rows and their ledger entries into the same transaction.
   */
  write<T>(fn: (tx: LedgerTx) => Promise<T>): Promise<T> {
    const now = this.options.now();
    return this.repo.transaction((trx) => fn(new LedgerTx(trx, this.repo, this.allowance, now)));
  }

  /** The spendable balance; the first touch of a business day refreshes the daily bucket. */
  async balance(userId: string): Promise<PointsBalance> {
    const rows = await this.repo.readBalances(userId);
    if (rows && rows.daily.day === businessDay(this.options.now())) return { restIntegral: rows.permanent.balance, restIntegral2: rows.daily.balance };
    return this.write((tx) => tx.lock(userId));
  }

  /** Adds points; `applied` is false when `meta.key` was used before (nothing changed). */
  async credit(userId: string, bucket: PointsBucketName, amount: number, meta: EntryMeta): Promise<{ applied: boolean; balance: PointsBalance }> {
    return this.write(async (tx) => {
      const applied = await tx.credit(userId, bucket, amount, meta);
      return { applied, balance: tx.balanceOf(userId) };
    });
  }

  /** Takes points, daily first; 602 when short. `split` is null when `meta.key` was used before. */
  async debit(userId: string, amount: number, meta: EntryMeta): Promise<{ split: DebitSplit | null; balance: PointsBalance }> {
    return this.write(async (tx) => {
      const split = await tx.debit(userId, amount, meta);
      return { split, balance: tx.balanceOf(userId) };
    });
  }

  /** The ledger, newest first. */
  async history(userId: string, pageNo: number, pageSize: number): Promise<Page<LedgerEntryView>> {
    await this.balance(userId);
    const [rows, total] = await Promise.all([this.repo.entries(userId, (pageNo - 1) * pageSize, pageSize), this.repo.countEntries(userId)]);
    return {
      total,
      list: rows.map((row) => ({
        id: String(row.id),
        bucket: row.bucket,
        delta: row.delta,
        balanceAfter: row.balance_after,
        kind: row.kind,
        kindText: kindText(row.kind),
        reference: row.reference,
        createdAt: row.created_at,
      })),
    };
  }

  /** The most one message to `modelId` can cost this user now, and whether it may be sent. */
  async quote(userId: string, modelId: string, options: QuoteOptions = {}): Promise<PriceQuote> {
    const model = this.options.prices.priced(modelId);
    if (!model) throw unknownModel();
    const user = await userPlanOf(this.repo.db, userId);
    if (!user) throw sessionExpired();
    const entitlements = entitlementsOf(user, this.options.now());
    const maxCost = maxCostOf(model, { multiplierPercent: entitlements.multiplierPercent, webSearch: options.webSearch ?? false, promptChars: options.promptChars ?? 0 }, this.options.limits);
    const balance = await this.balance(userId);
    const restriction = restrictionOf(model, entitlements);
    const short = balance.restIntegral + balance.restIntegral2 < maxCost;
    const [reason, reasonCode] = restriction ? [restriction, POINTS_CODES.modelRestricted] : short ? [INSUFFICIENT_MESSAGE, POINTS_CODES.insufficient] : [null, null];
    return {
      model: model.id,
      maxCost,
      priceText: priceTextOf(model.price),
      multiplier: entitlements.multiplierPercent / 100,
      allowed: reason === null,
      reason,
      reasonCode,
    };
  }

  /** Reserves the most the generation can cost (see HoldService.hold). */
  hold(userId: string, generationId: string, modelId: string, options: HoldOptions = {}): Promise<{ held: number }> {
    return this.holds.hold(userId, generationId, modelId, options);
  }

  /** Charges what the generation used (at most what was held) and releases the rest; idempotent. */
  settle(generationId: string, usage: Usage, options: SettleOptions = {}): Promise<HoldOutcome> {
    return this.holds.settle(generationId, usage, options);
  }

  /** Releases the whole hold; idempotent. */
  refund(generationId: string, options: RefundOptions = {}): Promise<HoldOutcome> {
    return this.holds.refund(generationId, options);
  }
}
