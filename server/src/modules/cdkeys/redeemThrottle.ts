import { AppError } from '../../http/envelope.js';
import type { SharedState } from '../../sharedState/index.js';
import { POINTS_CODES } from '../points/index.js';

export interface RedeemLimits {
  /** Refused codes one account may try per window. */
  perAccount: number;
  /** Refused codes one client IP may try per window. */
  perIp: number;
  windowMinutes: number;
}

export const REDEEM_THROTTLED = '兑换码错误次数过多，请稍后再试';

/**
 * Wrong redemption codes (unknown, used, expired), counted per account and per IP in fixed windows
 * of the shared state, so every instance counts together: once either count reaches its limit,
 * every redemption by that account or from that IP is refused until the window ends — guessing
 * codes costs an hour per handful. The check comes before the attempt and the count after it, so
 * concurrent guesses overshoot a limit by at most the requests in flight.
 */
export class RedeemThrottle {
  constructor(
    private readonly state: SharedState,
    private readonly limits: RedeemLimits,
  ) {}

  /** 1704 while the account or the IP has used up its wrong tries. */
  async assertAllowed(userId: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([this.state.get(failKey('account', userId)), this.state.get(failKey('ip', ip))]);
    if (Number(account ?? 0) >= this.limits.perAccount || Number(address ?? 0) >= this.limits.perIp) {
      throw new AppError(POINTS_CODES.cdKeyThrottled, REDEEM_THROTTLED);
    }
  }

  async recordFailure(userId: string, ip: string): Promise<void> {
    const windowSeconds = this.limits.windowMinutes * 60;
    await Promise.all([this.state.increment(failKey('account', userId), windowSeconds), this.state.increment(failKey('ip', ip), windowSeconds)]);
  }
}

const failKey = (scope: 'account' | 'ip', subject: string) => `cdkey:fail:${scope}:${subject}`;
