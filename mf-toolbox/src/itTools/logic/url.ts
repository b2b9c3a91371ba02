import { t } from '../i18n';
import { fail, ok, type Result } from './result';

/** component: every reserved character escaped (a query value); full: a whole URL, its / ? & = # kept. */
export type UrlMode = 'component' | 'full';

export const encodeUrl = (text: string, mode: UrlMode): Result<string> => {
  try {
    return ok(mode === 'component' ? encodeURIComponent(text) : encodeURI(text));
  } catch {
    // A lone surrogate (half of an emoji) cannot be UTF-8 encoded.
    return fail(t('it.url.loneSurrogate'));
  }
};

export function decodeUrl(text: string, mode: UrlMode, plusAsSpace = false): Result<string> {
  const input = plusAsSpace ? text.replace(/\+/g, ' ') : text;
  try {
    return ok(mode === 'component' ? decodeURIComponent(input) : decodeURI(input));
  } catch {
    const bad = /%(?![0-9a-fA-F]{2})/.exec(input);
    return fail(bad ? t('it.url.badEscape', { n: bad.index + 1 }) : t('it.url.badUtf8'));
  }
}

export interface UrlParts {
  protocol: string;
  host: string;
  pathname: string;
  hash: string;
  params: [string, string][];
}

/** The parts of an absolute URL and its query parameters decoded. */
export function parseUrl(text: string): Result<UrlParts> {
  try {
    const url = new URL(text.trim());
    return ok({ protocol: url.protocol, host: url.host, pathname: decodeSafe(url.pathname), hash: url.hash, params: [...url.searchParams.entries()] });
  } catch {
    return fail(t('it.url.notAbsolute'));
  }
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
