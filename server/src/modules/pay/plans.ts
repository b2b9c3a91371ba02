import type { PlanUses, PlanView } from '@qiming/contracts';
import { z } from 'zod';
import type { CatalogueEntry, PriceRule } from '../catalogue/index.js';

/** One plan as sold: what it costs and everything paying for it grants (configuration, not UI). */
export type Plan = Omit<PlanView, 'uses'>;

/**
 * The three plans of spec §9. The points and prices are the spec's; what else each grants is ours
 * (server/src/modules/pay/README.md): a points package for 30 days (level 2 unlocks the high-level models),
 * VIP days, and with the luxury plan the basic subscription (80% prices) for 30 days.
 */
export const DEFAULT_PLANS: readonly Plan[] = [
  { type: 1, name: '会员套餐', tagline: '日常对话、写作翻译够用', priceFen: 680, points: 68_000, packageLevel: 1, packageDays: 30, subscriptionTier: 0, subscriptionDays: 0, vipDays: 30, recommended: false },
  { type: 2, name: '专业套餐', tagline: '解锁高级模型，适合工作学习', priceFen: 1880, points: 200_000, packageLevel: 2, packageDays: 30, subscriptionTier: 0, subscriptionDays: 0, vipDays: 30, recommended: true },
  { type: 3, name: '豪华套餐', tagline: '积分最多，另享基础订阅八折', priceFen: 6880, points: 720_000, packageLevel: 3, packageDays: 90, subscriptionTier: 2, subscriptionDays: 30, vipDays: 90, recommended: false },
];

const days = z.number().int().min(0).max(3650);
const PlanSchema = z
  .object({
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    name: z.string().trim().min(1).max(20),
    tagline: z.string().max(40).default(''),
    priceFen: z.number().int().min(1).max(10_000_000),
    points: z.number().int().min(0).max(100_000_000),
    packageLevel: z.number().int().min(0).max(4).default(0),
    packageDays: days.default(0),
    subscriptionTier: z.number().int().min(0).max(3).default(0),
    subscriptionDays: days.default(0),
    vipDays: days.default(0),
    recommended: z.boolean().default(false),
  })
  .refine((p) => (p.packageLevel > 0) === (p.packageDays > 0), { message: 'packageLevel 与 packageDays 要么都大于 0，要么都为 0' })
  .refine((p) => (p.subscriptionTier > 0) === (p.subscriptionDays > 0), { message: 'subscriptionTier 与 subscriptionDays 要么都大于 0，要么都为 0' })
  .refine((p) => p.points > 0 || p.packageLevel > 0 || p.subscriptionTier > 0 || p.vipDays > 0, { message: '套餐至少要给积分、积分包、订阅或 VIP 天数之一' });

/** Plans from PAY_PLANS (JSON array); the problems as one message when invalid. */
export function parsePlans(json: string, source: string): Plan[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error(`${source}: 不是合法的 JSON`);
  }
  const parsed = z.array(PlanSchema).min(1).max(3).safeParse(raw);
  if (!parsed.success) throw new Error(`${source}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const types = parsed.data.map((p) => p.type);
  if (new Set(types).size !== types.length) throw new Error(`${source}: 套餐 type 重复`);
  return parsed.data.sort((a, b) => a.type - b.type);
}

/** Points one use (about `chars` characters in and out) of a model costs at its listed price. */
export function pointsPerUse(price: PriceRule, chars: number): number {
  if (price.kind === 'perRequest') return price.points;
  if (price.kind === 'perCharacter') return price.points * chars;
  // About one token per Chinese character, the question and the answer each `chars` long.
  return (price.input * chars + price.output * chars) / 1_000_000;
}

/** How many uses of each reference model the plan's points pay for; free or unknown models are left out. */
export function usesOf(plan: Plan, references: readonly CatalogueEntry[], chars: number): PlanUses[] {
  return references.flatMap((model) => {
    const cost = pointsPerUse(model.price, chars);
    return cost > 0 ? [{ model: model.id, label: model.label, count: Math.floor(plan.points / cost) }] : [];
  });
}

export function planView(plan: Plan, uses: PlanUses[]): PlanView {
  return { ...plan, uses };
}
