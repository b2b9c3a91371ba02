import type { ModelGroup, ModelLevel, ModelOption } from '@qiming/contracts';
import { iconUrl, iconValue } from './icons.js';

/**
 * What one catalogue entry holds: everything the model picker shows (spec chat §3 "Model option")
 * and the price rule charging uses. `modelprice` and `modelpriceTip` are not stored: they are
 * written from the price rule (priceText.ts), so the price line can never disagree with the charge.
 */

export type PriceRule =
  /** A fixed price per message or task, whatever its length. */
  | { kind: 'perRequest'; points: number }
  /** Points per million tokens, from the upstream usage. */
  | { kind: 'perMillionTokens'; input: number; output: number }
  /** Points per character (agent models, the Gemini experimental model): may be fractional. */
  | { kind: 'perCharacter'; points: number };

/** '启明' is the product's own channel (the spec's `{product}`), '官方' an official API. */
export type ChannelType = '启明' | '官方';

/**
 * The picker's fields as the contract defines them (ModelOption), except those computed when
 * serving (the id becomes `value`, the price line comes from the rule, offlineDemo from the channels).
 */
export interface CatalogueEntry extends Omit<ModelOption, 'value' | 'type' | 'modelprice' | 'modelpriceTip' | 'offlineDemo' | 'webSearchAvailable'> {
  /** The model id: the value the chat sends as `model`. */
  id: string;
  type: ChannelType;
  price: PriceRule;
  /** Words added to the computed price tip ("出图失败不扣积分"…). */
  priceNote: string;
  /** For the people who maintain the catalogue (how a price was read or chosen); never served. */
  note: string;
}

/** A price for every model id that starts with a prefix (custom agents and apps). Longest prefix wins. */
export interface CataloguePrefix {
  prefix: string;
  price: PriceRule;
  note?: string;
}

/** The label of a high-level model, and the refusal text when the user may not use it (spec chat §6). */
export const HIGH_LEVEL_LABEL = '[套餐2及以上用户或订阅用户使用]';

/** Web-wide search (onLineAllSearch), per use, on top of the model's price (spec chat §9). */
export const WEB_SEARCH_POINTS = 500;

/** The model picker's filter tabs (spec chat §2) plus the odd value a few entries carry (§3). */
export const MODEL_GROUPS = ['gpt', 'claude', 'deepseek', 'perplexity', 'gemini', 'musk', 'doubao', 'glm', 'other', 'deepseek-r1t-chimera'] as const satisfies readonly ModelGroup[];
export const MODEL_LEVELS = ['基础', '高级', '推理', '编码', '绘画', '音乐', '视频', '写作'] as const satisfies readonly ModelLevel[];
export const CHANNEL_TYPES = ['启明', '官方'] as const satisfies readonly ChannelType[];

/**
 * The chat page's type tabs (spec chat §2) by `uid`, the spec's numbers (§3) in tab order; Gemini
 * is 9 as the spec gives for the Gemini experimental model, 10 is a knowledge base (not a model).
 */
export const UID_CATEGORIES: Readonly<Record<number, string>> = {
  0: 'GPT',
  1: 'DeepSeek',
  2: 'Claude',
  3: 'GLM',
  4: '绘画',
  5: 'PDF转文字',
  6: '音乐',
  8: '视频',
  9: 'Gemini',
  10: '个人知识库',
  12: 'Grok',
  13: '其他',
};

const UID_BY_GROUP: Record<ModelGroup, number> = {
  gpt: 0,
  deepseek: 1,
  'deepseek-r1t-chimera': 1,
  claude: 2,
  glm: 3,
  gemini: 9,
  musk: 12,
  perplexity: 13,
  doubao: 13,
  other: 13,
};

const ICON_BY_GROUP: Record<ModelGroup, string> = {
  gpt: 'gpt',
  claude: 'claude',
  deepseek: 'deepseek',
  'deepseek-r1t-chimera': 'chimera',
  perplexity: 'perplexity',
  gemini: 'gemini',
  musk: 'grok',
  doubao: 'doubao',
  glm: 'glm',
  other: 'other',
};

export const perRequest = (points: number): PriceRule => ({ kind: 'perRequest', points });
/** The spec gives one number per model: it applies to input and output tokens alike. */
export const perMillion = (points: number): PriceRule => ({ kind: 'perMillionTokens', input: points, output: points });
export const perCharacter = (points: number): PriceRule => ({ kind: 'perCharacter', points });

/** Where a model's card leads by default: the chat with that model. */
export const chatPath = (id: string) => `/chatPage?model=${encodeURIComponent(id)}`;

/** The fields an entry must give; completeEntry fills in the rest. */
export const REQUIRED_FIELDS = ['label', 'labelText', 'tooltip', 'modelType', 'level', 'stars', 'shortIntro', 'price'] as const;

export type EntryInput = Pick<CatalogueEntry, (typeof REQUIRED_FIELDS)[number]> & Partial<Omit<CatalogueEntry, 'id'>>;

const isGroup = (value: unknown): value is ModelGroup => (MODEL_GROUPS as readonly unknown[]).includes(value);

/**
 * An entry with the defaults filled in: minilabel = label, the group's icon and uid, the chat path,
 * the high-level label as tooltip2 of a high-level model, '官方' for per-token (official API)
 * prices, the first fun label, empty lists and flags off; an icon may be a built-in icon's name.
 * Takes what ops typed as well (unknown shapes are left for the schema to refuse), so built-in data
 * and added entries get the same defaults.
 */
export function completeEntry(id: string, input: Record<string, unknown>): Record<string, unknown> {
  const group = isGroup(input.modelType) ? input.modelType : undefined;
  const price = input.price as { kind?: unknown } | undefined;
  const funLabelList = Array.isArray(input.funLabelList) ? input.funLabelList : [];
  return {
    minilabel: input.label,
    icon: group ? iconUrl(ICON_BY_GROUP[group]) : undefined,
    path: chatPath(id),
    tooltip2: input.isHighLevelModel === true ? HIGH_LEVEL_LABEL : '',
    type: price?.kind === 'perMillionTokens' ? '官方' : '启明',
    isNewModel: false,
    isHighLevelModel: false,
    think: false,
    web: false,
    uid: group ? UID_BY_GROUP[group] : undefined,
    funLabel: typeof funLabelList[0] === 'string' ? funLabelList[0] : '',
    funLabelList,
    exampleQuestionList: [],
    shortIntro2: '',
    canUpload: false,
    textOnly: false,
    priceNote: '',
    note: '',
    ...input,
    ...('icon' in input ? { icon: iconValue(input.icon) } : {}),
    id,
  };
}

/** Built-in data: `examples` are the example questions as plain text; `icon` a built-in icon's name. */
export type DataInput = Omit<EntryInput, 'exampleQuestionList' | 'modelType'> & { examples: string[] };

/** A group's entries: `define(id, fields)` with the group's modelType (validated by the snapshot and the tests). */
export function inGroup(modelType: ModelGroup) {
  return (id: string, { examples, ...fields }: DataInput): CatalogueEntry =>
    completeEntry(id, { ...fields, modelType, exampleQuestionList: examples.map((quetion) => ({ quetion })) }) as unknown as CatalogueEntry;
}
