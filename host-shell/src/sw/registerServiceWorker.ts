import type { Registry } from '@qiming/sdk';
import { REGISTRY_MESSAGE } from './areaCachePlan';

/** Where the server serves the worker (server/src/http/serviceWorker.ts): root scope. */
export const SERVICE_WORKER_URL = '/sw.js';

interface Environment {
  enabled: boolean;
  isSecureContext: boolean;
  serviceWorker: ServiceWorkerContainer | undefined;
}

/**
 * Registers the service worker and posts it this page's registry, so it caches the areas at the
 * versions this visitor runs. Called once the page has drawn (never delaying the first render), in
 * production builds only (`pnpm dev` has none), on secure contexts (https, localhost). A failure is
 * logged: the page works the same without the worker.
 */
export async function registerServiceWorker(registry: Pick<Registry, 'areas'>, env: Environment): Promise<void> {
  if (!env.enabled || !env.isSecureContext || !env.serviceWorker) return;
  try {
    await env.serviceWorker.register(SERVICE_WORKER_URL);
    const ready = await env.serviceWorker.ready;
    ready.active?.postMessage({ type: REGISTRY_MESSAGE, areas: registry.areas.map(({ area, version, entry }) => ({ area, version, entry })) });
  } catch (error) {
    console.warn('[host] service worker not registered', error);
  }
}
