import { z } from 'zod';
import { parseDay } from '../../chinaTime.js';

/** The mirror site (server/src/modules/mirror/README.md). */
export interface MirrorConfig {
  /** Key of the credentials stored encrypted (cars' accounts, users' keys); DATA_DIR/secrets.json keeps a generated one when unset. */
  secretKey: string | undefined;
  /** Entries per business day by subscription tier (0 free, 1 starter, 2 basic, 3 professional); the last value repeats. */
  dailyUsesByTier: number[];
  /** Extra entries per day for each invited user who registered and used the product… */
  usesPerInvite: number;
  /** …up to this many (the cap follows the official provider's risk control: ops change it). */
  inviteCap: number;
  /** Promo days recur every 7 days from this date (spec platform §4: a fixed date in Dec 2024). */
  promoStart: string;
  /** Extra entries on a promo day. */
  promoExtraUses: number;
  /** How long the one-time redirect of an entry may be opened. */
  handoffSeconds: number;
  /** The provider's token call gives up after this long. */
  providerTimeoutMs: number;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const MirrorEnv = z.object({
  MIRROR_SECRET_KEY: optional(z.string().min(32, '至少 32 个字符')),
  MIRROR_DAILY_USES_BY_TIER: z
    .string()
    .default('3,10,20,50')
    .transform((text, ctx) => {
      const values = text.split(',').map((part) => Number(part.trim()));
      if (!values.length || values.some((n) => !Number.isInteger(n) || n < 0 || n > 10_000)) {
        ctx.addIssue({ code: 'custom', message: '应为逗号分隔的非负整数，如 3,10,20,50' });
        return z.NEVER;
      }
      return values;
    }),
  MIRROR_USES_PER_INVITE: z.coerce.number().int().min(0).max(1000).default(1),
  MIRROR_INVITE_CAP: z.coerce.number().int().min(0).max(10_000).default(10),
  MIRROR_PROMO_START: z
    .string()
    .default('2024-12-06')
    .refine((day) => parseDay(day) !== null, '应为 YYYY-MM-DD 格式的日期'),
  MIRROR_PROMO_EXTRA_USES: z.coerce.number().int().min(0).max(10_000).default(5),
  MIRROR_HANDOFF_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
  MIRROR_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
});

/** The MIRROR_* variables. Invalid values stop the server. */
export function mirrorConfigOf(env: NodeJS.ProcessEnv): MirrorConfig {
  const parsed = MirrorEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    secretKey: e.MIRROR_SECRET_KEY,
    dailyUsesByTier: e.MIRROR_DAILY_USES_BY_TIER,
    usesPerInvite: e.MIRROR_USES_PER_INVITE,
    inviteCap: e.MIRROR_INVITE_CAP,
    promoStart: e.MIRROR_PROMO_START,
    promoExtraUses: e.MIRROR_PROMO_EXTRA_USES,
    handoffSeconds: e.MIRROR_HANDOFF_SECONDS,
    providerTimeoutMs: e.MIRROR_PROVIDER_TIMEOUT_MS,
  };
}
