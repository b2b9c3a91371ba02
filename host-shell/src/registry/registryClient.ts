import type { ApiEnvelope, Registry } from '@qiming/sdk';

export const REGISTRY_URL = '/app-api/platform/remotes';
export const REGISTRY_CACHE_KEY = 'qm.remoteRegistry';

export type RegistrySource = 'page' | 'server' | 'cache' | 'defaults';

interface Deps {
  /** The registry written into the page (`inlinedRegistry()`); undefined when there is none. */
  inlined?: unknown;
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

/** A preview's registry is this browser's for a while only: the last ordinary one stays remembered. */
function remember(storage: Deps['storage'], registry: Registry): void {
  if (registry.areas.some((a) => a.preview)) return;
  try {
    storage.setItem(REGISTRY_CACHE_KEY, JSON.stringify(registry));
  } catch {
    // storage full or disabled: the page still works, it just cannot remember the registry.
  }
}

/**
 * The registry for this page load: the one the server wrote into the page, else the server's
 * answer to a call (either remembered for next time), else the last one this browser saw, else
 * the defaults baked into the host build.
 */
export async function loadRegistry({ inlined, fetch, storage, defaults, timeoutMs = 5000 }: Deps): Promise<{ registry: Registry; source: RegistrySource }> {
  if (isRegistry(inlined)) {
    remember(storage, inlined);
    return { registry: withSite(inlined, defaults), source: 'page' };
  }
  if (inlined !== undefined) console.warn('[registry] the page carries a malformed registry, asking the server');
  try {
    const response = await fetch(REGISTRY_URL, {
      cache: 'no-cache',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`registry answered HTTP ${response.status}`);
    const body = (await response.json()) as ApiEnvelope<Registry>;
    if (body.code !== 0 || !isRegistry(body.data)) throw new Error(`registry answered code ${body.code}: ${body.msg}`);
    remember(storage, body.data);
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
