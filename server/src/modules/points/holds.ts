import { AppError } from '../../http/envelope.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import type { HoldStatus, PointsBucketName } from '../../db/schema.js';
import { costOf, discounted, entitlementsOf, maxCostOf, producedOutput, restrictionOf, webSearchCost, type Usage } from '../catalogue/index.js';
import { userPlanOf } from '../users/queries.js';
import { POINTS_CODES, unknownModel } from './codes.js';
import type { LedgerKind } from './kinds.js';
import type { Executor, HoldRow, PointsRepository } from './repository.js';
import type { PointsOptions, PointsService } from './service.js';

/** Writes of the caller's made in the transaction that ends the hold (the chat gateway saves the answer there). */
export interface EndOptions {
  /**
   * Runs inside that transaction, also when the hold had already ended: the hold's end and these
   * writes commit together or not at all, without a transaction of their own.
   */
  alongside?: (trx: Executor) => Promise<unknown>;
}

/** What a refund knows. */
export interface RefundOptions extends EndOptions {
  /** Why nothing is charged (the generation's error), shown in the usage records; at most 500 characters are kept. */
  reason?: string | null;
}

/** What a settle knows beyond the usage. */
export interface SettleOptions extends EndOptions {
  /**
   * A web-wide search actually ran for the generation (sources came back). The search fee is charged
   * only then, even when the hold reserved it: a search that did not run is never billed.
   */
  searched?: boolean;
  /** Listed points of the extensions' calls that answered (discounted here like every price). */
  toolFees?: number;
}

export interface HoldOptions {
  webSearch?: boolean;
  /** Listed points set aside for the extensions' calls (the dearest selected one's price × the calls an answer may make). */
  extensionPoints?: number;
  /** Characters of everything sent upstream (system prompt, history, message, file text). */
  promptChars?: number;
  /** The ledger kind of the final charge: `chat` (default) or `media`. */
  purpose?: 'chat' | 'media';
}

/** What ending a hold charges, each part its own ledger entry. */
interface Charges {
  /** The model's (or media task's) price for the usage. */
  use: number;
  /** The web-wide search fee. */
  search: number;
  /** The extensions' calls. */
  extension: number;
}

const NO_CHARGE: Charges = { use: 0, search: 0, extension: 0 };

/** Where a generation's points ended up. The first outcome is final: later settle / refund calls answer it again. */
export interface HoldOutcome {
  generationId: string;
  userId: string;
  model: string;
  status: HoldStatus;
  /** What was reserved. */
  held: number;
  /** What was charged in the end (0 unless settled with output). */
  charged: number;
}

/** settle / refund of a generation id that was never held: a bug in the caller, not a user error. */
export class UnknownGenerationError extends Error {
  constructor(readonly generationId: string) {
    super(`no points hold for generation ${generationId}`);
  }
}

const GENERATION_ID = /^[\w.:-]{1,128}$/;

function outcomeOf(hold: HoldRow): HoldOutcome {
  return {
    generationId: hold.generation_id,
    userId: hold.user_id,
    model: hold.model,
    status: hold.status,
    held: hold.daily_held + hold.permanent_held,
    charged: hold.charged,
  };
}

/**
 * Holds: a generation reserves the most it can cost before it starts (the points leave the
 * spendable balance as `hold` entries), then settles — the hold is released (`release`) and the
 * actual cost, at most the hold, charged (`chat` / `media`) — or is refunded. A hold nobody
 * settles expires after `holdMinutes` and the sweeper releases it.
 */
export class HoldService {
  constructor(
    private readonly points: PointsService,
    private readonly repo: PointsRepository,
    private readonly options: PointsOptions,
  ) {}

  /**
   * Reserves the most the generation can cost: 602 `积分不足，请及时充值` when the user cannot cover
   * it, 1801 with the label for a high-level model the user's plan does not include, 400 `未知的模型`.
   * Holding the same generation id again for the same user answers the existing hold.
   */
  async hold(userId: string, generationId: string, modelId: string, options: HoldOptions = {}): Promise<{ held: number }> {
    if (!GENERATION_ID.test(generationId)) throw new TypeError(`invalid generation id ${JSON.stringify(generationId)}`);
    const model = this.options.prices.priced(modelId);
    if (!model) throw unknownModel();
    const attempt = () =>
      this.points.write(async (tx) => {
        await tx.lock(userId);
        const existing = await this.repo.hold(tx.trx, generationId);
        if (existing) {
          if (existing.user_id === userId && existing.status === 'held') return { held: existing.daily_held + existing.permanent_held };
          throw new AppError(400, '生成编号已被使用');
        }
        const user = await userPlanOf(tx.trx, userId);
        if (!user) throw new Error(`no user ${userId}`);
        const entitlements = entitlementsOf(user, tx.now);
        const restriction = restrictionOf(model, entitlements);
        if (restriction) throw new AppError(POINTS_CODES.modelRestricted, restriction);
        const webSearch = options.webSearch ?? false;
        const cost =
          maxCostOf(model, { multiplierPercent: entitlements.multiplierPercent, webSearch, promptChars: options.promptChars ?? 0 }, this.options.limits) +
          discounted(options.extensionPoints ?? 0, entitlements.multiplierPercent);
        const split = await tx.debit(userId, cost, { kind: 'hold', reference: model.id, key: `hold:${generationId}` });
        if (!split) throw new Error(`hold entries of ${generationId} exist without a hold`);
        await this.repo.insertHold(tx.trx, {
          generation_id: generationId,
          user_id: userId,
          model: model.id,
          purpose: options.purpose ?? 'chat',
          web_search: webSearch ? 1 : 0,
          multiplier_percent: entitlements.multiplierPercent,
          daily_held: split.daily,
          permanent_held: split.permanent,
          day: tx.day,
          status: 'held',
          charged: 0,
          created_at: tx.at,
          expires_at: new Date(tx.now.getTime() + this.options.holdMinutes * 60_000).toISOString(),
          finished_at: null,
          usage: null,
          end_reason: null,
        });
        return { held: cost };
      });
    try {
      return await attempt();
    } catch (error) {
      // The same id held at the same moment for another user (PostgreSQL): the loser sees it now.
      if (isUniqueViolation(error)) return attempt();
      throw error;
    }
  }

  /**
   * Charges what the generation used, at most the hold, and releases the rest. Nothing is charged
   * for a usage without output. Idempotent per generation id: once settled, refunded or expired,
   * later calls change nothing and answer that first outcome.
   */
  async settle(generationId: string, usage: Usage, options: SettleOptions = {}): Promise<HoldOutcome> {
    const chargesOfHold = (hold: HoldRow): Charges => {
      const model = this.options.prices.priced(hold.model);
      const held = hold.daily_held + hold.permanent_held;
      if (!producedOutput(usage)) return { use: 0, search: 0, extension: 0 };
      const percent = hold.multiplier_percent;
      // The fees are exact; the model's part gets what the hold has left for it (never more than held).
      const search = hold.web_search === 1 && options.searched === true ? Math.min(webSearchCost(percent), held) : 0;
      const extension = Math.min(discounted(options.toolFees ?? 0, percent), held - search);
      // Validates the usage against the model's price rule before anything changes (a throw rolls back).
      const use = model ? costOf(model, usage, { multiplierPercent: percent, webSearch: false }) : held;
      return { use: Math.min(use, held - search - extension), search, extension };
    };
    const { outcome, finished } = await this.finish(generationId, 'settled', chargesOfHold, options, { usage: producedOutput(usage) ? JSON.stringify(usage) : null, end_reason: null });
    if (finished && producedOutput(usage)) await this.successfulUse(outcome.userId);
    return outcome;
  }

  /** Releases the whole hold (failed generation, upstream error): idempotent like settle. */
  async refund(generationId: string, options: RefundOptions = {}): Promise<HoldOutcome> {
    const reason = options.reason?.trim().slice(0, 500) || null;
    return (await this.finish(generationId, 'refunded', () => NO_CHARGE, options, { usage: null, end_reason: reason })).outcome;
  }

  /** Releases every hold past its expiry (the sweeper, and once at startup). Answers how many. */
  async sweepExpired(): Promise<number> {
    let released = 0;
    for (;;) {
      const ids = await this.repo.expiredHolds(this.points.now().toISOString(), 200);
      for (const id of ids) if ((await this.finish(id, 'expired', () => NO_CHARGE)).finished) released++;
      if (ids.length < 200) return released;
    }
  }

  private async successfulUse(userId: string): Promise<void> {
    try {
      await this.options.onSuccessfulUse?.(userId);
    } catch (error) {
      // The charge stands; the next successful use tries the reward again.
      this.options.log?.warn({ err: error, userId }, 'successful-use hook failed');
    }
  }

  /**
   * Ends a held hold in one transaction: releases each bucket's part, charges `chargesOf(hold)` —
   * the use itself (`chat` / `media`), the search fee and the extensions' calls each as its own
   * ledger entry, daily points first — and marks the hold, with the caller's `alongside` writes. When the business
   * day changed since the hold, the released daily points that were not charged expire at once —
   * they belonged to an earlier day's allowance. The hold row is locked before its user's balances:
   * only this method locks hold rows, so no transaction takes the two the other way round.
   */
  private async finish(
    generationId: string,
    status: Exclude<HoldStatus, 'held'>,
    chargesOf: (hold: HoldRow) => Charges,
    { alongside }: EndOptions = {},
    record: Pick<HoldRow, 'usage' | 'end_reason'> = { usage: null, end_reason: null },
  ): Promise<{ outcome: HoldOutcome; finished: boolean }> {
    return this.points.write(async (tx) => {
      const hold = await this.repo.hold(tx.trx, generationId, true);
      if (!hold) throw new UnknownGenerationError(generationId);
      await alongside?.(tx.trx);
      if (hold.status !== 'held') return { outcome: outcomeOf(hold), finished: false };
      const charges = chargesOf(hold);
      const charged = charges.use + charges.search + charges.extension;
      await tx.lock(hold.user_id);
      // Each part takes what is left of the held daily points first, then permanent ones.
      let dailyLeft = hold.daily_held;
      const used: Record<PointsBucketName, Array<[LedgerKind, number, string]>> = { daily: [], permanent: [] };
      const parts: Array<[LedgerKind, number, string]> = [
        [hold.purpose as LedgerKind, charges.use, ''],
        ['search', charges.search, ':search'],
        ['extension', charges.extension, ':extension'],
      ];
      for (const [kind, amount, suffix] of parts) {
        const daily = Math.min(amount, dailyLeft);
        dailyLeft -= daily;
        used.daily.push([kind, daily, suffix]);
        used.permanent.push([kind, amount - daily, suffix]);
      }
      for (const bucket of ['daily', 'permanent'] as const) {
        const heldPart = bucket === 'daily' ? hold.daily_held : hold.permanent_held;
        if (heldPart > 0) await tx.apply(hold.user_id, bucket, heldPart, { kind: 'release', reference: hold.model, key: `release:${generationId}:${bucket}` });
        for (const [kind, amount, suffix] of used[bucket]) {
          if (amount > 0) await tx.apply(hold.user_id, bucket, -amount, { kind, reference: hold.model, key: `charge:${generationId}${suffix}:${bucket}` });
        }
      }
      const unusedDaily = dailyLeft;
      if (hold.day < tx.day && unusedDaily > 0) {
        await tx.apply(hold.user_id, 'daily', -unusedDaily, { kind: 'daily_expire', reference: hold.day, key: `release-expire:${generationId}` });
      }
      if (!(await this.repo.finishHold(tx.trx, generationId, status, charged, tx.at, record))) throw new Error(`hold ${generationId} changed while locked`);
      return { outcome: { ...outcomeOf(hold), status, charged }, finished: true };
    });
  }
}
