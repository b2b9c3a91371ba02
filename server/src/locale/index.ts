import { EN_US, PATTERNS } from './enUS.js';

/**
 * The one server-side translation mechanism: texts are written once, in Chinese (the domestic
 * edition, the spec's exact strings); the international edition (SITE_EDITION=international)
 * shows them through its table (enUS.ts). A text the table does not know stays as it is —
 * `isTranslated` tells a caller that must not show Chinese (the catalogue) to use its own fallback.
 */
export type SiteEdition = 'domestic' | 'international';

export interface Translator {
  readonly edition: SiteEdition;
  /** The text in the edition's language (as it is when there is no translation). */
  text(chinese: string): string;
  /** Whether the text, as this edition shows it, has no Chinese left. */
  isTranslated(chinese: string): boolean;
}

const HAN = /\p{Script=Han}/u;

/** Has Chinese characters in it. */
export const hasChinese = (text: string): boolean => HAN.test(text);

function english(chinese: string): string {
  const exact = EN_US[chinese];
  if (exact !== undefined) return exact;
  for (const [pattern, replacement] of PATTERNS) if (pattern.test(chinese)) return chinese.replace(pattern, replacement);
  // A sentence joined with ；: each part on its own (a price tip with the entry's note).
  if (chinese.includes('；')) {
    const parts = chinese.split('；').map(english);
    if (parts.every((part) => !hasChinese(part))) return parts.join('; ');
  }
  return chinese;
}

const DOMESTIC: Translator = { edition: 'domestic', text: (text) => text, isTranslated: () => true };
const INTERNATIONAL: Translator = {
  edition: 'international',
  text: english,
  isTranslated: (text) => !hasChinese(english(text)),
};

export function translatorFor(edition: SiteEdition): Translator {
  return edition === 'international' ? INTERNATIONAL : DOMESTIC;
}
