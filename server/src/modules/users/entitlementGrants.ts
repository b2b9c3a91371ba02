const DAY_MS = 86_400_000;

/** A tier with its expiry as the users table keeps it (null expiry: set by hand, never ends). */
export interface TierState {
  tier: number;
  expiresAt: string | null;
}

const inForce = (state: TierState, now: Date) => state.tier > 0 && (state.expiresAt === null || Date.parse(state.expiresAt) > now.getTime());

/** An expiry `days` after the later of `expiresAt` and now: time left is never lost. */
export function extendedExpiry(expiresAt: string | null, days: number, now: Date): string {
  const from = expiresAt === null ? now.getTime() : Math.max(Date.parse(expiresAt), now.getTime());
  return new Date(from + days * DAY_MS).toISOString();
}

/**
 * The tier after granting `grant.tier` for `grant.days` (subscriptions, points packages): the same
 * tier in force is extended; none, an expired one or a lower one becomes the granted tier from now;
 * a higher tier in force is answered as 'higher-in-force' for the caller to decide (a redemption
 * code refuses, a payment keeps the higher tier and still credits the rest).
 */
export function grantTier(current: TierState, grant: { tier: number; days: number }, now: Date): TierState | 'higher-in-force' {
  if (inForce(current, now)) {
    if (current.tier > grant.tier) return 'higher-in-force';
    if (current.tier === grant.tier) return current.expiresAt === null ? current : { tier: grant.tier, expiresAt: extendedExpiry(current.expiresAt, grant.days, now) };
  }
  return { tier: grant.tier, expiresAt: extendedExpiry(null, grant.days, now) };
}
