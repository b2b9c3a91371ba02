import type { ApiEnvelope, Registry } from '@qiming/sdk';

export const REGISTRY_URL = '/app-api/platform/remotes';
export const REGISTRY_CACHE_KEY = 'qm.remoteRegistry';

export type RegistrySource = 'server' | 'cache' | 'defaults';

interface Deps {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  defaults: Registry;
  timeoutMs?: number;
}

function isRegistry(value: unknown): value is Registry {
  const candidate = value as Registry | null;
  return !!candidate && Array.isArray(candidate.areas) && candidate.areas.every((a) => typeof a?.area === 'string' && Array.isArray(a.routes));
}

/** A registry remembered before sites were configured has no `site`: the build's defaults fill it. */
function withSite(registry: Registry, defaults: Registry): Registry {
  return registry.site ? registry : { ...registry, site: defaults.site };
}

/**
 * The registry for this page load: the server's answer (remembered for next time), else the last
 * answer this browser saw, else the defaults baked into the host build.
 */
export async function loadRegistry({ fetch, storage, defaults, timeoutMs = 5000 }: Deps): Promise<{ registry: Registry; source: RegistrySource }> {
  try {
    const response = await fetch(REGISTRY_URL, {
      cache: 'no-cache',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`registry answered HTTP ${response.status}`);
    const body = (await response.json()) as ApiEnvelope<Registry>;
    if (body.code !== 0 || !isRegistry(body.data)) throw new Error(`registry answered code ${body.code}: ${body.msg}`);
    try {
      storage.setItem(REGISTRY_CACHE_KEY, JSON.stringify(body.data));
    } catch {
      // storage full or disabled: the page still works, it just cannot remember the registry.
    }
    return { registry: withSite(body.data, defaults), source: 'server' };
  } catch (error) {
    console.warn('[registry] unreachable, using a remembered or built-in registry', error);
  }
  try {
    const cached: unknown = JSON.parse(storage.getItem(REGISTRY_CACHE_KEY) ?? 'null');
    if (isRegistry(cached)) return { registry: withSite(cached, defaults), source: 'cache' };
  } catch {
    // a corrupt cache entry is ignored
  }
  return { registry: defaults, source: 'defaults' };
}
