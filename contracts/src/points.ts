/**
 * Points (积分): balance, history, sign-in, redemption codes, invites and price quotes. Paths under
 * /app-api; every response is the envelope { code, data, msg }.
 */

// GET system/user/integral → PointsBalance (restIntegral permanent, restIntegral2 daily) — see stores/points.

// POST system/user/integralHistoryPage { pageNo, pageSize } → Page<LedgerEntryView>
export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

export interface Page<T> {
  list: T[];
  total: number;
}

export type PointsBucket = 'daily' | 'permanent';

export interface LedgerEntryView {
  id: string;
  bucket: PointsBucket;
  /** Positive for credits, negative for debits. */
  delta: number;
  balanceAfter: number;
  /** Machine kind (signin, invite, redeem, chat, daily_grant, daily_expire, hold, release, purchase, …). */
  kind: string;
  /** The kind in Chinese, as the history shows it (签到奖励, 邀请奖励, 对话消费, …). */
  kindText: string;
  /** What it was for: a model id, a code, an order number… */
  reference: string | null;
  createdAt: string;
}

// GET system/user/signin → SignInResult; refused with code 1601 (今天已经签到过了) on a second try the same business day.
// GET system/user/signinStatus → SignInStatus
export interface SignInResult {
  reward: number;
  /** Consecutive business days including today. */
  streak: number;
  restIntegral: number;
  restIntegral2: number;
}

export interface SignInStatus {
  signedToday: boolean;
  streak: number;
  /** What signing in today gives (or gave). */
  todayReward: number;
  /** The reward for day 1, 2, 3… of a streak (the last value repeats). */
  rewards: number[];
}

// GET system/user/userCdKey?code= → RedeemResult; 1701 兑换码不存在, 1702 兑换码已被使用, 1703 兑换码已过期, 1704 兑换码错误次数过多，请稍后再试 (too many wrong codes by this account or IP).
export interface RedeemResult {
  points: number;
  restIntegral: number;
  restIntegral2: number;
}

// GET system/user/inviteInfo → InviteInfo
export interface InviteInfo {
  inviteCode: string;
  /** `${origin}/loginPage?aff=${inviteCode}` */
  inviteLink: string;
  invitedCount: number;
  /** Invitees who completed a first use (both sides were rewarded). */
  rewardedCount: number;
  pointsEarned: number;
  rewardPerInvite: number;
  /** 当前总收入 in yuan: only for the one configured account, null for everyone else. */
  totalAmount: number | null;
}

// POST points/quote { model, webSearch? } → PriceQuote (the most a message can cost before it is sent)
export interface PriceQuoteRequest {
  model: string;
  webSearch?: boolean;
}

export interface PriceQuote {
  model: string;
  /** The most this message can cost, in points, after the plan discount. */
  maxCost: number;
  /** e.g. "600积分/次", "700000积分/百万tokens", "0.01积分/字" */
  priceText: string;
  /** 0.8 from the basic plan up, 1 otherwise. */
  multiplier: number;
  allowed: boolean;
  /** Why not allowed (e.g. "[套餐2及以上用户或订阅用户使用]", or 积分不足，请及时充值). */
  reason: string | null;
  /** The refusal's code: 1801 (POINTS_CODES.modelRestricted) or 602 (insufficient); null when allowed. */
  reasonCode: number | null;
}

/** Codes of points refusals (602 is the spec's stream code for insufficient points). */
const pointsCodes = {
  insufficient: 602,
  alreadySignedIn: 1601,
  cdKeyUnknown: 1701,
  cdKeyUsed: 1702,
  cdKeyExpired: 1703,
  cdKeyThrottled: 1704,
  modelRestricted: 1801,
};
export const POINTS_CODES = pointsCodes as Readonly<typeof pointsCodes>;
