import type { SignInResult, SignInStatus } from '@qiming/contracts';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { AppError } from '../../http/envelope.js';
import { addDays, businessDay } from '../../chinaTime.js';
import { POINTS_CODES, type PointsService } from '../points/index.js';
import type { SigninRepository } from './repository.js';

export const ALREADY_SIGNED_IN_MESSAGE = '今天已经签到过了';

const alreadySignedIn = () => new AppError(POINTS_CODES.alreadySignedIn, ALREADY_SIGNED_IN_MESSAGE);

/**
 * Daily sign-in: once per business day (03:00 to 03:00 China time). The reward follows the streak
 * of consecutive business days (`rewards[streak - 1]`, the last value repeating) and is credited
 * as permanent points in the same transaction as the sign-in row.
 */
export class SigninService {
  constructor(
    private readonly repo: SigninRepository,
    private readonly points: PointsService,
    private readonly rewards: readonly number[],
  ) {}

  rewardFor(streak: number): number {
    return this.rewards[Math.min(Math.max(streak, 1), this.rewards.length) - 1]!;
  }

  async signIn(userId: string): Promise<SignInResult> {
    try {
      return await this.points.write(async (tx) => {
        await tx.lock(userId);
        if (await this.repo.byDay(tx.trx, userId, tx.day)) throw alreadySignedIn();
        const yesterday = await this.repo.byDay(tx.trx, userId, addDays(tx.day, -1));
        const streak = yesterday ? yesterday.streak + 1 : 1;
        const reward = this.rewardFor(streak);
        await this.repo.insert(tx.trx, { user_id: userId, day: tx.day, streak, reward, created_at: tx.at });
        await tx.credit(userId, 'permanent', reward, { kind: 'signin', reference: tx.day, key: `signin:${userId}:${tx.day}` });
        return { reward, streak, ...tx.balanceOf(userId) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadySignedIn();
      throw error;
    }
  }

  /** Today's state: the streak that signing in today continues (0 when it was broken). */
  async status(userId: string): Promise<SignInStatus> {
    const day = businessDay(this.points.now());
    const today = await this.repo.byDay(this.repo.db, userId, day);
    const yesterday = today ? undefined : await this.repo.byDay(this.repo.db, userId, addDays(day, -1));
    const streak = today?.streak ?? yesterday?.streak ?? 0;
    return { signedToday: !!today, streak, todayReward: today ? today.reward : this.rewardFor(streak + 1), rewards: [...this.rewards] };
  }

  async signedToday(userId: string): Promise<boolean> {
    return !!(await this.repo.byDay(this.repo.db, userId, businessDay(this.points.now())));
  }
}
