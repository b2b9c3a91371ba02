import type { PromptTemplateList } from '@qiming/contracts';
import { PROMPT_CATEGORIES } from './data/index.js';

/** What every built-in template keeps to (checked by templates.test.ts): short card texts, a prompt to fill in. */
export const PROMPT_TEMPLATE_LIMITS = {
  categories: 8,
  templatesPerCategory: { min: 6, max: 8 },
  categoryName: 6,
  title: 12,
  subTitle: 24,
  promt: { min: 80, max: 1200 },
} as const;

/** Where the user fills in: 【在此填写…】, 【在此粘贴…】 or 【在此写下…】. */
export const PLACEHOLDER = /【在此(?:填写|粘贴|写下)[^】]*】/;

/** GET backend-api/getPromptTemplates: the settings drawer's tab 0 (spec chat §2, §3). */
export const PROMPT_TEMPLATE_LIST: PromptTemplateList = { categories: [...PROMPT_CATEGORIES] };
