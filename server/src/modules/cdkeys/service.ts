import { randomBytes } from 'node:crypto';
import type { RedeemResult } from '@qiming/contracts';
import { chinaDayEnd, parseDay } from '../../chinaTime.js';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/envelope.js';
import { OpsInputError } from '../module.js';
import { POINTS_CODES, type PointsService } from '../points/index.js';
import { grantTier } from '../users/entitlementGrants.js';
import { setUserPlan, userPlanOf } from '../users/queries.js';
import { canonicalCdkey, hashCdkey, maskedCdkey, randomCdkey } from './codeFormat.js';
import type { BatchSummary, CdkeysRepository } from './repository.js';
import type { RedeemThrottle } from './redeemThrottle.js';

export const CDKEY_MESSAGES = {
  unknown: '兑换码不存在',
  used: '兑换码已被使用',
  expired: '兑换码已过期',
  higherPlan: '您当前的套餐高于兑换码的套餐，无法兑换',
} as const;

/** The refusals that count as a wrong code (a guess), not a plan refusal. */
const WRONG_CODE: ReadonlySet<number> = new Set([POINTS_CODES.cdKeyUnknown, POINTS_CODES.cdKeyUsed, POINTS_CODES.cdKeyExpired]);

export const MAX_BATCH_SIZE = 10_000;
export const PLAN_TIERS = [1, 2, 3] as const;

export interface NewBatch {
  /** Permanent points per code (0 for a plan-only code). */
  points: number;
  count: number;
  /** Last valid day (YYYY-MM-DD, China time); the code expires at 00:00 the day after. */
  expiresOn?: string;
  note?: string;
  /** Subscription tier and days a code gives (both or neither). */
  planTier?: number;
  planDays?: number;
}

/** 00:00 China time of the day after `day`: the end of the last valid day. */
export function endOfChinaDay(day: string): string {
  if (parseDay(day) === null) throw new OpsInputError(`--expires 必须是 YYYY-MM-DD 格式的日期，收到 ${day}`);
  return chinaDayEnd(day).toISOString();
}

/**
 * Redemption codes: batches made by ops (`pnpm ops cdkeys create`), each code single-use. Only the
 * sha256 of a code is stored; the CLI prints the codes once. Redeeming marks the code used with a
 * conditional update (unused and unexpired) in the same transaction as the credit, so one code
 * gives points exactly once however many redeem it at the same moment.
 */
export class CdkeysService {
  constructor(
    private readonly repo: CdkeysRepository,
    private readonly points: PointsService | null,
    private readonly now: Clock,
    private readonly throttle: RedeemThrottle | null = null,
  ) {}

  async createBatch(input: NewBatch): Promise<{ batchId: string; codes: string[]; expiresAt: string | null }> {
    if (!Number.isSafeInteger(input.points) || input.points < 0 || input.points > 100_000_000) throw new OpsInputError('--points 必须是 0 到 100000000 的整数');
    if (!Number.isSafeInteger(input.count) || input.count < 1 || input.count > MAX_BATCH_SIZE) throw new OpsInputError(`--count 必须是 1 到 ${MAX_BATCH_SIZE} 的整数`);
    const hasPlan = input.planTier !== undefined || input.planDays !== undefined;
    if (hasPlan) {
      if (!PLAN_TIERS.includes(input.planTier as 1)) throw new OpsInputError('--plan-tier 必须是 1、2 或 3（入门、基础、专业），并与 --plan-days 一起使用');
      if (!Number.isSafeInteger(input.planDays) || input.planDays! < 1 || input.planDays! > 3650) throw new OpsInputError('--plan-days 必须是 1 到 3650 的整数，并与 --plan-tier 一起使用');
    }
    if (input.points === 0 && !hasPlan) throw new OpsInputError('兑换码至少要给积分（--points）或套餐（--plan-tier 与 --plan-days）');
    const expiresAt = input.expiresOn ? endOfChinaDay(input.expiresOn) : null;
    const createdAt = this.now().toISOString();
    if (expiresAt && expiresAt <= createdAt) throw new OpsInputError('--expires 已经过去了');
    const codes = new Set<string>();
    while (codes.size < input.count) codes.add(randomCdkey());
    const batchId = randomBytes(4).toString('hex');
    await this.repo.insertBatch(
      {
        id: batchId,
        points: input.points,
        plan_tier: hasPlan ? input.planTier! : null,
        plan_days: hasPlan ? input.planDays! : null,
        count: input.count,
        expires_at: expiresAt,
        note: input.note ?? '',
        created_at: createdAt,
      },
      [...codes].map((code) => ({ code_hash: hashCdkey(code), batch_id: batchId, last4: code.slice(-4), expires_at: expiresAt, used_by: null, used_at: null, created_at: createdAt })),
    );
    return { batchId, codes: [...codes], expiresAt };
  }

  batches(): Promise<BatchSummary[]> {
    return this.repo.batches();
  }

  async codes(batchId: string) {
    if (!(await this.repo.batch(batchId))) throw new OpsInputError(`没有批次 ${batchId}`);
    return (await this.repo.codes(batchId)).map((c) => ({ masked: maskedCdkey(c.last4), usedBy: c.username ?? c.used_by, usedAt: c.used_at, expiresAt: c.expires_at }));
  }

  /**
   * 1701 unknown, 1702 used, 1703 expired (a malformed code is unknown); each counts against the
   * account and the IP, and 1704 refuses every try once either has too many (redeemThrottle.ts).
   */
  async redeem(userId: string, input: string, ip: string): Promise<RedeemResult> {
    await this.throttle?.assertAllowed(userId, ip);
    try {
      return await this.take(userId, input);
    } catch (error) {
      if (error instanceof AppError && WRONG_CODE.has(error.code)) await this.throttle?.recordFailure(userId, ip);
      throw error;
    }
  }

  private async take(userId: string, input: string): Promise<RedeemResult> {
    const points = this.points;
    if (!points) throw new Error('redeem needs the points service');
    const canonical = canonicalCdkey(input);
    if (!canonical) throw new AppError(POINTS_CODES.cdKeyUnknown, CDKEY_MESSAGES.unknown);
    const hash = hashCdkey(canonical);
    return points.write(async (tx) => {
      await tx.lock(userId);
      if (!(await this.repo.take(tx.trx, hash, userId, tx.at))) {
        const row = await this.repo.byHash(tx.trx, hash);
        if (!row) throw new AppError(POINTS_CODES.cdKeyUnknown, CDKEY_MESSAGES.unknown);
        if (row.used_at) throw new AppError(POINTS_CODES.cdKeyUsed, CDKEY_MESSAGES.used);
        throw new AppError(POINTS_CODES.cdKeyExpired, CDKEY_MESSAGES.expired);
      }
      const code = (await this.repo.byHash(tx.trx, hash))!;
      if (code.plan_tier !== null && code.plan_days !== null) await this.applyPlan(tx.trx, userId, code.plan_tier, code.plan_days, tx.now, tx.at);
      if (code.points > 0) await tx.credit(userId, 'permanent', code.points, { kind: 'redeem', reference: maskedCdkey(code.last4), key: `redeem:${hash}` });
      return { points: code.points, ...tx.balanceOf(userId) };
    });
  }

  /**
   * The same tier in force is extended by the days; no tier or a lower one becomes this tier for
   * the days from now; a higher tier in force refuses the code (throwing rolls the redemption back).
   */
  private async applyPlan(trx: Parameters<CdkeysRepository['take']>[0], userId: string, tier: number, days: number, now: Date, at: string): Promise<void> {
    const user = await userPlanOf(trx, userId);
    if (!user) throw new Error(`no user ${userId}`);
    const next = grantTier({ tier: user.user_package2, expiresAt: user.user_package_expire_time2 }, { tier, days }, now);
    if (next === 'higher-in-force') throw new AppError(400, CDKEY_MESSAGES.higherPlan);
    await setUserPlan(trx, userId, { user_package2: next.tier, user_package_expire_time2: next.expiresAt }, at);
  }
}
