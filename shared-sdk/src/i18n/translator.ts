import { i18n, type Locale } from './locale';

/** An area's zh-CN resource: key → the exact Chinese text (spec strings verbatim). */
export type Messages = Record<string, string>;

/** Another locale's resource must translate every key of the zh-CN one (tsc checks it). */
export type Translation<M extends Messages> = { readonly [K in keyof M]: string };

export type Vars = Record<string, string | number>;

export interface Translator<M extends Messages> {
  /** The text for `key` in the page's language, `{name}` placeholders filled from `vars`. */
  (key: keyof M & string, vars?: Vars): string;
  /** Loads the page's language if it is not zh-CN (areas await it before their first render). */
  ready(): Promise<void>;
}

type Loaders<M extends Messages> = { [L in Exclude<Locale, 'zh-CN'>]: () => Promise<{ default: Translation<M> }> };

const PLACEHOLDER = /\{(\w+)\}/g;

function fill(text: string, vars: Vars | undefined): string {
  if (!vars) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * One translator per package. zh-CN ships in the bundle; other languages are separate chunks
 * loaded only by the international build. A key missing at run time falls back to zh-CN.
 */
export function createTranslator<M extends Messages>(zhCN: M, loaders: Loaders<M>): Translator<M> {
  const loaded = new Map<Locale, Translation<M>>([['zh-CN', zhCN]]);
  const pending = new Map<Locale, Promise<void>>();

  const translate = ((key, vars) => {
    const table = loaded.get(i18n.locale) ?? zhCN;
    return fill(table[key] ?? zhCN[key] ?? key, vars);
  }) as Translator<M>;

  translate.ready = () => {
    const locale = i18n.locale;
    if (loaded.has(locale) || locale === 'zh-CN') return Promise.resolve();
    let loading = pending.get(locale);
    if (!loading) {
      loading = loaders[locale]().then((module) => {
        loaded.set(locale, module.default);
      });
      pending.set(locale, loading);
    }
    return loading;
  };
  return translate;
}
