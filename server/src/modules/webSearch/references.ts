import type { Reference } from '@qiming/contracts';
import type { SearchHit } from './types.js';

export const ABSTRACT_CHARS = 300;
const TITLE_CHARS = 200;

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** At most `max` characters (code points, so no emoji is cut in half), with … when cut. */
function clip(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

function httpUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** One page, however it was written: http/https, a trailing slash and the fragment do not make another. */
function pageKey(url: URL): string {
  return `${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
}

/**
 * A provider's results as the answer's references: http(s) URLs only, each page once (the first
 * wins), at most `count`, ids '1', '2', … in order. The icon is the provider's when it is an
 * https URL (the page's CSP loads images from https: only), else the site's /favicon.ico.
 */
export function referencesOf(hits: readonly SearchHit[], count: number): Reference[] {
  const seen = new Set<string>();
  const references: Reference[] = [];
  for (const hit of hits) {
    if (references.length >= count) break;
    const url = httpUrl(hit.url);
    if (!url) continue;
    const key = pageKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    const icon = httpUrl(hit.icon);
    const abstract = clip(oneLine(hit.snippet), ABSTRACT_CHARS);
    references.push({
      id: String(references.length + 1),
      title: clip(oneLine(hit.title), TITLE_CHARS) || url.host,
      url: url.href,
      urlIcon: icon?.protocol === 'https:' ? icon.href : `https://${url.host}/favicon.ico`,
      ...(abstract ? { abstract } : {}),
    });
  }
  return references;
}
