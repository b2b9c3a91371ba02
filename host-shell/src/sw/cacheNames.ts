/**
 * Every cache the service worker makes is named `qm-…`: the server's retiring worker
 * (SERVICE_WORKER=false, server/src/http/serviceWorker.ts) deletes exactly those.
 */
export const CACHE_PREFIX = 'qm';

/** One cache per area version: a registry change replaces exactly the areas whose version changed. */
export const AREA_CACHE_PREFIX = `${CACHE_PREFIX}-area-`;

/** The last page of each URL, for when the network fails (never used while it answers). */
export const PAGES_CACHE = `${CACHE_PREFIX}-pages`;

export function areaCacheName(area: string, version: string): string {
  return `${AREA_CACHE_PREFIX}${area}-${version}`;
}

/** The area version a `/remotes/<area>/<version>/…` path belongs to, or null for any other path. */
export function releaseOfPath(pathname: string): { area: string; version: string } | null {
  const match = /^\/remotes\/([^/]+)\/([^/]+)\/./.exec(pathname);
  if (!match) return null;
  try {
    return { area: decodeURIComponent(match[1]!), version: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
