import { AREA_CACHE_PREFIX, areaCacheName } from './cacheNames';

/** What the service worker reads of a registry area (the page posts `registry.areas`). */
export interface RegistryAreaLike {
  area: string;
  version: string | null;
  entry: string | null;
}

/** An area version to keep cached: its cache and the folder its files are under. */
export interface WantedRelease {
  area: string;
  version: string;
  cacheName: string;
  /** Absolute URL of the release's folder (ends with `/`). */
  base: string;
}

export interface AreaCachePlan {
  wanted: WantedRelease[];
  /** Area caches no area of the registry runs at: versions replaced (activate, rollback, canary change), areas gone. */
  stale: string[];
}

/**
 * Which area caches a registry keeps and which it drops. Each area is cached at the version this
 * visitor runs (the canary one in a canary cohort); its fallback is not (loaded from the network in
 * the rare failure), so after an activate the version replaced is deleted. Only releases served by
 * this origin are cached (the product's entries are `/remotes/<area>/<version>/mf-manifest.json`).
 */
export function areaCachePlan(areas: readonly RegistryAreaLike[], cacheNames: readonly string[], origin: string): AreaCachePlan {
  const wanted: WantedRelease[] = [];
  for (const { area, version, entry } of areas) {
    if (!version || !entry) continue;
    const url = new URL(entry, origin);
    if (url.origin !== origin) continue;
    wanted.push({ area, version, cacheName: areaCacheName(area, version), base: new URL('./', url).href });
  }
  const keep = new Set(wanted.map((release) => release.cacheName));
  return { wanted, stale: cacheNames.filter((name) => name.startsWith(AREA_CACHE_PREFIX) && !keep.has(name)) };
}

/** Reads the page's message: the registry's areas, or null for anything else. */
export function registryAreasOf(message: unknown): RegistryAreaLike[] | null {
  if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== REGISTRY_MESSAGE) return null;
  const areas = (message as { areas?: unknown }).areas;
  if (!Array.isArray(areas)) return null;
  return areas.filter(
    (a): a is RegistryAreaLike =>
      typeof a === 'object' && a !== null && typeof a.area === 'string' && (typeof a.version === 'string' || a.version === null) && (typeof a.entry === 'string' || a.entry === null),
  );
}

/** The message type the page posts its registry with (registerServiceWorker.ts). */
export const REGISTRY_MESSAGE = 'qm-registry';
