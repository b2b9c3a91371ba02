/**
 * The model catalogue: one entry per model id (the value the chat sends as `model`). For now it
 * holds only what charging needs — the price rule and the high-level flag — taken from spec
 * chat-and-models §9; the chat-gateway work adds labels, icons, groups and channels to the same
 * entries. Prices are listed points, before the plan discount (pricing.ts applies it).
 */

export type PriceRule =
  /** A fixed price per message or task, whatever its length. */
  | { kind: 'perRequest'; points: number }
  /** Points per million tokens, from the upstream usage. */
  | { kind: 'perMillionTokens'; input: number; output: number }
  /** Points per character (agent models, the Gemini experimental model): may be fractional. */
  | { kind: 'perCharacter'; points: number };

export interface CatalogueModel {
  id: string;
  price: PriceRule;
  /** Usable only by users on package 2 or above, or subscribers (spec chat §6). */
  isHighLevelModel?: boolean;
  /** Where the spec's price line needs a word (two readings, a limit…). */
  note?: string;
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

const perRequest = (points: number): PriceRule => ({ kind: 'perRequest', points });
/** The spec gives one number per model: it applies to input and output tokens alike. */
const perMillion = (points: number): PriceRule => ({ kind: 'perMillionTokens', input: points, output: points });
const perCharacter = (points: number): PriceRule => ({ kind: 'perCharacter', points });

export const MODELS: readonly CatalogueModel[] = [
  // ---- per request ------------------------------------------------------------------------
  { id: 'gpt-4o-mini', price: perRequest(40) },
  { id: 'auto', price: perRequest(40), note: 'random blind-box model' },
  { id: 'gpt-4o', price: perRequest(600) },
  { id: 'gpt-4o-all', price: perRequest(750) },
  { id: 'gpt-4o-search', price: perRequest(800), note: 'the spec lists two entries, 800 and 4000; the second has no id of its own' },
  { id: 'gpt-4o-image', price: perRequest(800) },
  { id: 'o1', price: perRequest(6000) },
  { id: 'o1-all', price: perRequest(6000) },
  { id: 'o1-preview', price: perRequest(6000) },
  { id: 'o1-pro-all', price: perRequest(10000), isHighLevelModel: true },
  { id: 'o1-mini', price: perRequest(2000) },
  { id: 'o3-mini-all', price: perRequest(3500) },
  { id: 'o3-mini-high-all', price: perRequest(9000) },
  { id: 'o3-new-all', price: perRequest(16000) },
  { id: 'o3-pro-all', price: perRequest(20000), isHighLevelModel: true },
  { id: 'o4-mini-high-all', price: perRequest(1500) },
  { id: 'o4-mini-deepresearch', price: perRequest(20000), isHighLevelModel: true, note: 'searches for up to about 20 minutes' },
  { id: 'kontext-pro', price: perRequest(1500) },
  { id: 'veo3-pro', price: perRequest(65000), isHighLevelModel: true },
  { id: 'gemini-2.5-pro', price: perRequest(2300) },
  { id: 'gemini-2.5-flash-lite', price: perRequest(100) },
  { id: 'grok-4', price: perRequest(1000), note: '256k context window' },
  { id: 'grok-3', price: perRequest(500) },
  { id: 'grok-3-re', price: perRequest(500) },
  { id: 'grok-3-reasoner', price: perRequest(1800), note: 'spec: "grok-3 reasoner"' },
  { id: 'grok-3-deepsearch-re', price: perRequest(1800), note: 'spec: "deepsearch-re"' },
  { id: 'grok-3-deepersearch-r', price: perRequest(2000) },
  { id: 'claude-3-7-sonnet-thinking-all', price: perRequest(4000) },
  { id: 'claude-3-7-sonnet-thinking-high', price: perRequest(30000), isHighLevelModel: true },
  { id: 'mj-chat', price: perRequest(5000) },
  { id: 'flux', price: perRequest(20) },
  { id: 'stable-diffusion', price: perRequest(30) },
  { id: 'suno', price: perRequest(5000) },
  { id: 'chirp', price: perRequest(5000), note: 'spec: "chirp music"' },
  { id: 'chirp-v2', price: perRequest(2000) },
  { id: 'luma-vip-video', price: perRequest(10000) },
  { id: 'domo-video', price: perRequest(10000), note: 'spec: "domo video"' },
  { id: 'pdf-to-text', price: perRequest(5000) },
  { id: 'url-analysis', price: perRequest(4000) },
  { id: 'glm-4-flash', price: perRequest(3) },
  { id: 'ai3', price: perRequest(30) },
  { id: 'ai3Direct', price: perRequest(30) },
  { id: 'webai3', price: perRequest(20) },
  { id: 'webai4', price: perRequest(480) },
  { id: 'dall-e-3', price: perRequest(930), note: 'spec: "DALL·E"' },
  { id: 'gpts', price: perRequest(930), note: 'spec: "GPTs entries"' },
  { id: 'web-search', price: perRequest(100), note: 'spec: "web search model"' },
  { id: 'gpt-4.5-preview', price: perRequest(100000), isHighLevelModel: true, note: 'spec: "gpt-4.5"' },
  // ---- per character ----------------------------------------------------------------------
  { id: 'gemini-exp-1121', price: perCharacter(0.5), note: 'spec: "Gemini experimental 1121", five stars, uid 9' },
  // ---- per million tokens -----------------------------------------------------------------
  { id: 'gpt-4.1', price: perMillion(700_000) },
  { id: 'gpt-4.1-mini', price: perMillion(100_000) },
  { id: 'gpt-4.1-nano', price: perMillion(30_000) },
  { id: 'gpt-4.1-free', price: perMillion(0) },
  { id: 'deepseek-chat', price: perMillion(100_000), note: 'also announced as 0.1 per character' },
  { id: 'deepseek-reasoner', price: perMillion(200_000) },
  { id: 'o3', price: perMillion(3_900_000), note: 'spec: "o3 api"' },
  { id: 'o4-mini', price: perMillion(429_000) },
  { id: 'claude-sonnet-4', price: perMillion(1_000_000) },
  { id: 'claude-opus-4', price: perMillion(5_000_000), isHighLevelModel: true },
  { id: 'claude-3-7-sonnet', price: perMillion(900_000), note: 'spec: "claude-3-7-sonnet api"; also announced as 0.9 per token, or reverse at 4000 per use' },
  { id: 'gemini-2.5-pro-preview', price: perMillion(800_000) },
  { id: 'perplexity-sonar', price: perMillion(800_000) },
  { id: 'sonar-pro', price: perMillion(2_400_000) },
  { id: 'sonar-reasoning', price: perMillion(1_400_000) },
  { id: 'sonar-deep-research', price: perMillion(1_400_000) },
];

/** Agents (codes with gpt-4-gizmo-g-user-c-) are charged per character; other custom apps like GPTs entries. */
export const MODEL_PREFIXES: readonly CataloguePrefix[] = [
  { prefix: 'gpt-4-gizmo-g-user-c-', price: perCharacter(0.01), note: 'agent models' },
  { prefix: 'gpt-4-gizmo-g-', price: perRequest(930), note: 'custom GPTs apps, priced like the GPTs entries' },
];
