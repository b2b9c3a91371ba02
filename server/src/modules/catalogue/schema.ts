import { z } from 'zod';
// zod's zh-CN messages (set there once for the whole server; the ops CLI imports only this module).
import '../../http/envelope.js';
import { CHANNEL_TYPES, MODEL_GROUPS, MODEL_LEVELS, UID_CATEGORIES, type CatalogueEntry, type PriceRule } from './entry.js';
import { MODEL_ICONS, ICON_ROUTE_PREFIX, localIconName } from './icons.js';

/** What every catalogue entry must satisfy: built-in data, ops overrides and added entries alike. */

export const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** A price in points with at most 4 decimals (pricing.ts computes in 1/10000 point). */
const amount = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, '最多 4 位小数');

export const PriceRuleSchema: z.ZodType<PriceRule> = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('perRequest'), points: amount(10_000_000) }),
    z.strictObject({ kind: z.literal('perMillionTokens'), input: amount(1_000_000_000), output: amount(1_000_000_000) }),
    z.strictObject({ kind: z.literal('perCharacter'), points: amount(1_000) }),
  ],
  { error: '价格规则的 kind 必须是 perRequest、perMillionTokens 或 perCharacter' },
);

const text = (min: number, max: number) => z.string().min(min).max(max);

const iconUrl = z
  .string()
  .max(500)
  .refine((url) => {
    if (!url.startsWith(ICON_ROUTE_PREFIX)) return /^https:\/\/[^\s"'<>]+$/.test(url);
    const name = localIconName(url);
    return name !== null && MODEL_ICONS.has(name);
  }, `必须是 https 地址，或内置图标 ${ICON_ROUTE_PREFIX}<名称>.svg（可用：${[...MODEL_ICONS.keys()].join('、')}）`);

const uids = Object.keys(UID_CATEGORIES).map(Number);

export const EntrySchema: z.ZodType<CatalogueEntry> = z.strictObject({
  id: z.string().regex(MODEL_ID, '模型 id 只能含字母、数字、点、下划线和连字符（以字母或数字开头，最长 80）'),
  label: text(1, 40),
  labelText: text(0, 60),
  minilabel: text(1, 20),
  icon: iconUrl,
  path: z.string().max(300).regex(/^\/[^\s]*$/, '必须是以 / 开头的站内路径'),
  tooltip: text(0, 200),
  tooltip2: text(0, 200),
  modelType: z.enum(MODEL_GROUPS),
  type: z.enum(CHANNEL_TYPES),
  isNewModel: z.boolean(),
  isHighLevelModel: z.boolean(),
  think: z.boolean(),
  web: z.boolean(),
  level: z.enum(MODEL_LEVELS),
  stars: z.number().int().min(2).max(10),
  uid: z
    .number()
    .int()
    .refine((uid) => uids.includes(uid), `必须是 ${uids.join('、')} 之一`),
  funLabel: text(0, 10),
  funLabelList: z.array(text(1, 10)).max(6),
  exampleQuestionList: z.array(z.strictObject({ quetion: text(1, 200), belongModel: text(1, 80).optional() })).max(8),
  shortIntro: text(1, 1000),
  shortIntro2: text(0, 1000),
  canUpload: z.boolean(),
  textOnly: z.boolean(),
  price: PriceRuleSchema,
  priceNote: text(0, 100),
  note: text(0, 500),
});

/** The fields ops may set (`id` names the entry and cannot change). */
export const EDITABLE_FIELDS = [
  'label', 'labelText', 'minilabel', 'icon', 'path', 'tooltip', 'tooltip2', 'modelType', 'type', 'isNewModel',
  'isHighLevelModel', 'think', 'web', 'level', 'stars', 'uid', 'funLabel', 'funLabelList', 'exampleQuestionList',
  'shortIntro', 'shortIntro2', 'canUpload', 'textOnly', 'price', 'priceNote', 'note',
] as const satisfies ReadonlyArray<keyof CatalogueEntry>;

export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** Served fields that are computed, not stored: where ops changes them instead. */
export const COMPUTED_FIELDS: Readonly<Record<string, string>> = {
  value: 'value 就是模型 id，不能修改（可以 add 一个新模型）',
  id: 'id 不能修改（可以 add 一个新模型）',
  modelprice: 'modelprice 由价格规则生成，请用 price 命令修改价格',
  modelpriceTip: 'modelpriceTip 由价格规则生成，要补充说明请设置 priceNote',
  offlineDemo: 'offlineDemo 由渠道配置决定（没有可用渠道的模型显示为离线演示）',
};

/** A zod error as one Chinese line: "stars: 数值过大…；price.points: …". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('；');
}

/** The entry, or why it is invalid. */
export function validateEntry(candidate: unknown): { ok: true; entry: CatalogueEntry } | { ok: false; reason: string } {
  const result = EntrySchema.safeParse(candidate);
  return result.success ? { ok: true, entry: result.data } : { ok: false, reason: describeIssues(result.error) };
}
