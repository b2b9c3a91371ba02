// The mirror site (镜像站, /oaifree and /oai; spec platform §1, §2, §4, §7 "Mirror site and misc").
// Under /app-api/mirror/ (server/src/modules/mirror/README.md):
// GET  mirror/getCarList → MirrorOverview (sites, their cars with load, the caller's quota; signed out: quota null)
// GET  mirror/getAcTokenInfoVO → MirrorQuota (the caller's uses today)
// POST mirror/getShareToken { carId } → MirrorHandOff (a share token on one of the site's accounts, one use)
// POST mirror/getFkToken { keyId } → MirrorHandOff (a share token on the user's own key; no use counted)
// GET  mirror/go/<id> → 302 to the mirror's login with the token (one time, this browser only)
// GET  mirror/user-auth-key/list → MirrorAuthKey[]; GET mirror/user-auth-key/get?id= → MirrorAuthKey
// POST mirror/user-auth-key/add { siteId, name, key } → MirrorAuthKey (also mirror/sumitToken)
// POST mirror/user-auth-key/update { id, name?, key? } → MirrorAuthKey; POST mirror/user-auth-key/delete { id } → null

export type MirrorCarStatus = 'available' | 'full' | 'disabled';

export interface MirrorCar {
  id: string;
  siteId: string;
  name: string;
  /** Seats taken now: share tokens handed out on this account that have not expired. */
  inUse: number;
  capacity: number;
  /** The lowest subscription tier (0 free … 3 professional) that may use this account. */
  tier: number;
  status: MirrorCarStatus;
  /** The caller's plan is below the car's tier (always false when signed out). */
  locked: boolean;
}

export interface MirrorSite {
  id: string;
  name: string;
  /** Where the mirror lives (shown, never a token). */
  origin: string;
  /** How long one entry stays logged in. */
  sessionMinutes: number;
}

export interface MirrorQuota {
  /** Business day (Asia/Shanghai, from 03:00), YYYY-MM-DD. */
  day: string;
  used: number;
  /** Every use allowed today: plan + invites + promo day. */
  limit: number;
  /** From the plan tier. */
  planUses: number;
  /** From invited friends (capped). */
  inviteUses: number;
  inviteCap: number;
  /** Extra on a promo day. */
  promoUses: number;
  promoDay: boolean;
  /** The next promo day (YYYY-MM-DD; today when today is one). */
  nextPromoDay: string;
  /** The subscription tier in force. */
  tier: number;
}

export interface MirrorOverview {
  sites: MirrorSite[];
  cars: MirrorCar[];
  /** null when signed out. */
  quota: MirrorQuota | null;
}

export interface MirrorHandOff {
  /** Same-origin path of the one-time redirect; opened in a new tab within `expiresInSeconds`. */
  goUrl: string;
  expiresInSeconds: number;
  /** When the mirror session ends. */
  sessionEndsAt: string;
  /** false when an unexpired session of the same account was handed over again (no new use). */
  counted: boolean;
}

export interface MirrorAuthKey {
  id: string;
  siteId: string;
  name: string;
  /** e.g. eyJh…abcd — the key itself is never sent back. */
  maskedKey: string;
  createdAt: string;
  updatedAt: string;
}

export const MIRROR_KEY_NAME_MAX = 40;
export const MIRROR_KEY_MAX_LENGTH = 8000;
export const MIRROR_KEYS_PER_USER = 10;
