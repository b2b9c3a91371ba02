import type { Locale } from '@qiming/contracts';

export type { Locale };

export const DEFAULT_LOCALE: Locale = 'zh-CN';

let current: Locale = DEFAULT_LOCALE;
const listeners = new Set<(locale: Locale) => void>();

/** The page's language. The host sets it once at boot from the site configuration. */
export const i18n = {
  get locale(): Locale {
    return current;
  },
  setLocale(locale: Locale): void {
    if (locale === current) return;
    current = locale;
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
    for (const listener of [...listeners]) listener(locale);
  },
  onChange(listener: (locale: Locale) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
