import type { UserInfo } from '@qiming/contracts';

const DAY_MS = 86_400_000;

/** What the user's plans amount to at one instant (spec platform §4); the shell draws badges from it. */
export interface Membership {
  /** Subscription tier 1 starter, 2 basic, 3 professional; shown red once expired. */
  subscription: { tier: number; expiresAt: number | null; expired: boolean } | null;
  /** The points package (level 1–4) while its expiry is ahead. */
  pointsPackage: { level: number; expiresAt: number } | null;
  /** VIP: whole days left (rounded up), or renew once morePackageTime has passed. */
  vip: { daysLeft: number; renew: false } | { daysLeft: null; renew: true } | null;
  /** The experience package while its expiry is ahead. */
  experience: { level: number; expiresAt: number } | null;
}

/** An expiry counts as past from its own instant on (expiry ≤ now). */
const ahead = (expiry: number | null | undefined, now: number): expiry is number => expiry != null && expiry > now;

export function membershipOf(info: UserInfo | null, now: number): Membership {
  if (!info) return { subscription: null, pointsPackage: null, vip: null, experience: null };
  const subscriptionExpiry = info.userPackageExpireTime2;
  const vipExpiry = info.morePackageTime;
  const experience = info.experiencePackageVO;
  return {
    subscription:
      info.userPackage2 > 0
        ? { tier: info.userPackage2, expiresAt: subscriptionExpiry, expired: subscriptionExpiry != null && !ahead(subscriptionExpiry, now) }
        : null,
    pointsPackage: info.userLevel > 0 && ahead(info.userSignExpireTime, now) ? { level: info.userLevel, expiresAt: info.userSignExpireTime } : null,
    vip: ahead(vipExpiry, now)
      ? { daysLeft: Math.ceil((vipExpiry - now) / DAY_MS), renew: false }
      : vipExpiry != null && vipExpiry > 0
        ? { daysLeft: null, renew: true }
        : null,
    experience:
      experience && experience.experienceUserLevel > 0 && ahead(experience.experiencePackageExpireTime, now)
        ? { level: experience.experienceUserLevel, expiresAt: experience.experiencePackageExpireTime }
        : null,
  };
}
