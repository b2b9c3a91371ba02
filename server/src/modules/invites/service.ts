import type { InviteInfo } from '@qiming/contracts';
import type { InvitesConfig } from '../../config.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import type { InviteGrantStatus } from '../../db/schema.js';
import { sessionExpired } from '../../http/requestUser.js';
import type { PointsService } from '../points/index.js';
import { countInvitees, userPlanOf } from '../users/queries.js';
import type { InvitesRepository } from './repository.js';

/**
 * The invite programme: a user registered through `?aff=CODE` (users.inviter_id) earns the inviter
 * and themselves `rewardPoints` permanent points each, once, when they first use the product
 * successfully (a settled generation with output). One grant row per invitee makes it once; the
 * per-inviter daily cap and the same-IP check decide whether that row carries a reward.
 */
export class InvitesService {
  constructor(
    private readonly repo: InvitesRepository,
    private readonly points: PointsService,
    private readonly options: InvitesConfig,
  ) {}

  /** The invite reward for the user's first successful use; null when there is none to give (any more). */
  async onFirstSuccessfulUse(inviteeId: string): Promise<InviteGrantStatus | null> {
    const invitee = await userPlanOf(this.repo.db, inviteeId);
    const inviterId = invitee?.inviter_id;
    if (!invitee || !inviterId) return null;
    if (await this.repo.grant(this.repo.db, inviteeId)) return null;
    try {
      return await this.points.write(async (tx) => {
        // Inviter first: invites form a tree ordered by registration, so this order never cycles.
        await tx.lock(inviterId);
        await tx.lock(inviteeId);
        if (await this.repo.grant(tx.trx, inviteeId)) return null;
        const inviter = await userPlanOf(tx.trx, inviterId);
        if (!inviter) return null;
        const ip = invitee.registration_ip;
        let status: InviteGrantStatus = 'granted';
        if (this.options.sameIpCheck && ip && (ip === inviter.registration_ip || (await this.repo.rewardedFromIp(tx.trx, inviterId, ip)))) status = 'same_ip';
        else if ((await this.repo.grantedOn(tx.trx, inviterId, tx.day)) >= this.options.dailyCap) status = 'capped';
        const reward = status === 'granted' ? this.options.rewardPoints : 0;
        await this.repo.insertGrant(tx.trx, { invitee_id: inviteeId, inviter_id: inviterId, status, day: tx.day, points: reward, created_at: tx.at });
        if (reward > 0) {
          await tx.credit(inviterId, 'permanent', reward, { kind: 'invite', reference: invitee.username, key: `invite:${inviteeId}:inviter` });
          await tx.credit(inviteeId, 'permanent', reward, { kind: 'invite', reference: inviter.username, key: `invite:${inviteeId}:invitee` });
        }
        return status;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null; // granted by a concurrent call
      throw error;
    }
  }

  /** The invite dialog's overview. */
  async info(userId: string, origin: string): Promise<InviteInfo> {
    const user = await userPlanOf(this.repo.db, userId);
    if (!user) throw sessionExpired();
    const [invitedCount, rewarded] = await Promise.all([countInvitees(this.repo.db, userId), this.repo.rewarded(userId)]);
    const account = this.options.incomeAccount;
    return {
      inviteCode: user.invite_code,
      inviteLink: `${origin}/loginPage?aff=${user.invite_code}`,
      invitedCount,
      rewardedCount: rewarded.count,
      pointsEarned: rewarded.points,
      rewardPerInvite: this.options.rewardPoints,
      // 当前总收入: nothing pays invite income yet (the pay work adds it), so 0 for that one account.
      totalAmount: account !== undefined && (account === user.id || account === user.username) ? 0 : null,
    };
  }
}
