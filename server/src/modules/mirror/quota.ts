import type { MirrorQuota } from '@qiming/contracts';
import { addDays } from '../../chinaTime.js';
import type { MirrorConfig } from './config.js';

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Every 7 days from the configured start (the start itself included); days before it are never promo days. */
export function isPromoDay(day: string, start: string): boolean {
  const days = daysBetween(start, day);
  return days >= 0 && days % 7 === 0;
}

export function nextPromoDay(day: string, start: string): string {
  const days = daysBetween(start, day);
  if (days <= 0) return start;
  return addDays(day, (7 - (days % 7)) % 7);
}

export interface QuotaInput {
  day: string;
  tier: number;
  /** Invited users who registered and used the product. */
  invited: number;
  used: number;
}

/** The day's allowance: plan tier + invites (capped) + promo day. */
export function quotaOf(config: MirrorConfig, input: QuotaInput): MirrorQuota {
  const byTier = config.dailyUsesByTier;
  const planUses = byTier[Math.min(Math.max(input.tier, 0), byTier.length - 1)] ?? 0;
  const inviteUses = Math.min(input.invited * config.usesPerInvite, config.inviteCap);
  const promoDay = isPromoDay(input.day, config.promoStart);
  const promoUses = promoDay ? config.promoExtraUses : 0;
  return {
    day: input.day,
    used: input.used,
    limit: planUses + inviteUses + promoUses,
    planUses,
    inviteUses,
    inviteCap: config.inviteCap,
    promoUses,
    promoDay,
    nextPromoDay: nextPromoDay(input.day, config.promoStart),
    tier: input.tier,
  };
}
