import type { BuiltInPromptCategory } from './types.js';
import { coding } from './coding.js';
import { creative } from './creative.js';
import { learning } from './learning.js';
import { life } from './life.js';
import { marketing } from './marketing.js';
import { office } from './office.js';
import { translation } from './translation.js';
import { writing } from './writing.js';

/** The built-in prompt templates, one file per category, in the drawer's tab order. */
export const PROMPT_CATEGORIES: readonly BuiltInPromptCategory[] = [writing, office, coding, learning, translation, marketing, life, creative];
