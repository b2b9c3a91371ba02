/**
 * The built-in model catalogue: one entry per model id (the value the chat sends as `model`), in
 * the picker's display order, split by group under data/. Prices come from spec chat §9 (listed
 * points, before the plan discount that pricing.ts applies); models the spec names elsewhere got a
 * price chosen here, said in their `note`. Ops overrides change these entries at run time
 * (catalogue.ts).
 */
import { CLAUDE_MODELS } from './data/claude.js';
import { DEEPSEEK_MODELS } from './data/deepseek.js';
import { DOUBAO_MODELS } from './data/doubao.js';
import { GEMINI_MODELS } from './data/gemini.js';
import { GLM_MODELS } from './data/glm.js';
import { GPT_MODELS } from './data/gpt.js';
import { MUSK_MODELS } from './data/musk.js';
import { OTHER_MODELS } from './data/other.js';
import { PERPLEXITY_MODELS } from './data/perplexity.js';
import { perCharacter, type CatalogueEntry, type CataloguePrefix } from './entry.js';

export { HIGH_LEVEL_LABEL, WEB_SEARCH_POINTS, type CatalogueEntry, type CataloguePrefix, type PriceRule } from './entry.js';

/** The old name of a catalogue entry (pricing needs only `id`, `price` and `isHighLevelModel`). */
export type CatalogueModel = CatalogueEntry;

/** In the order of the picker's filter tabs (spec chat §2). */
export const MODELS: readonly CatalogueEntry[] = [
  ...GPT_MODELS,
  ...CLAUDE_MODELS,
  ...DEEPSEEK_MODELS,
  ...PERPLEXITY_MODELS,
  ...GEMINI_MODELS,
  ...MUSK_MODELS,
  ...DOUBAO_MODELS,
  ...GLM_MODELS,
  ...OTHER_MODELS,
];

/**
 * Agents and built-in apps (every gpt-4-gizmo-g- code, spec chat §9 "agent models") are charged
 * 0.01 points per character; a code with a catalogue entry of its own keeps that entry's price.
 */
export const MODEL_PREFIXES: readonly CataloguePrefix[] = [{ prefix: 'gpt-4-gizmo-g-', price: perCharacter(0.01), note: 'agents and built-in apps (agent models)' }];
