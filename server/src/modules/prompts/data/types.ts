import type { PromptCategory, PromptTemplate } from '@qiming/contracts';

/**
 * A built-in template as the data keeps it: the wire's fields (`promt`, the Chinese body) and,
 * beside it, `en`, the same prompt in English, which the international edition serves as `promt`.
 * Internal only: the wire type (`PromptTemplate`, contracts) is unchanged.
 */
export interface BuiltInPromptTemplate extends PromptTemplate {
  /** The English body: same role, numbered requirements and fill-in slots, marked [Fill in …] / [Paste …] / [Write …]. */
  en: string;
}

export interface BuiltInPromptCategory extends Omit<PromptCategory, 'templates'> {
  templates: BuiltInPromptTemplate[];
}
