import type { PromptTemplateList } from '@qiming/contracts';
import { PROMPT_CATEGORIES } from './data/index.js';
import type { BuiltInPromptCategory } from './data/types.js';

/** What every built-in template keeps to (checked by templates.test.ts): short card texts, a prompt to fill in. */
export const PROMPT_TEMPLATE_LIMITS = {
  categories: 8,
  templatesPerCategory: { min: 6, max: 8 },
  categoryName: 6,
  title: 12,
  subTitle: 24,
  promt: { min: 80, max: 1200 },
  /**
   * The English body (`en`). English takes about three characters for each Chinese one (2.3–3.6×
   * across these templates), so the Chinese bounds would cut it short: twice the Chinese ones —
   * 160 for a prompt that still says something, 2400 to keep it a template one reads at a glance
   * in the drawer and the input box, not a document (the longest today is under 900).
   */
  en: { min: 160, max: 2400 },
} as const;

/** Where the user fills in: 【在此填写…】, 【在此粘贴…】 or 【在此写下…】. */
export const PLACEHOLDER = /【在此(?:填写|粘贴|写下)[^】]*】/;

/** The same in an English body: [Fill in …], [Paste …] or [Write …]. */
export const EN_PLACEHOLDER = /\[(?:Fill in|Paste|Write)\b[^\]]*\]/;

/** The templates as the data keeps them: each with its Chinese body (`promt`) and its English one (`en`). */
export const BUILT_IN_PROMPT_CATEGORIES: readonly BuiltInPromptCategory[] = PROMPT_CATEGORIES;

/** GET backend-api/getPromptTemplates: the settings drawer's tab 0 (spec chat §2, §3), the wire's fields only. */
export const PROMPT_TEMPLATE_LIST: PromptTemplateList = {
  categories: PROMPT_CATEGORIES.map(({ key, name, templates }) => ({
    key,
    name,
    templates: templates.map(({ id, title, subTitle, promt }) => ({ id, title, subTitle, promt })),
  })),
};
