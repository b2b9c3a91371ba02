/// <reference lib="webworker" />
// The service worker (host-shell/README.md, "Service worker"): built by workbox-webpack-plugin's
// InjectManifest into dist/sw.js, served by the server at /sw.js with no-cache.
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import * as navigationPreload from 'workbox-navigation-preload';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CACHE_PREFIX, PAGES_CACHE, areaCacheName, releaseOfPath } from './cacheNames';
import { registryAreasOf } from './areaCachePlan';
import { AreaCacheSync } from './areaCacheSync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

setCacheNameDetails({ prefix: CACHE_PREFIX });

// A new host build takes over at once: its page names its own hashed files, and the old worker's
// precache no longer holds them anyway (what is not precached goes to the network).
self.skipWaiting();
clientsClaim();

// The host's build files by content hash; a new build downloads only what changed and drops what is gone.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// An area version's files from its own cache when the worker has it, else from the network. What
// a page load needs is cached ahead (the server's list of a release: its boot files); everything
// else — lazy chunks, fonts, the heavy libraries — is kept when a page first uses it, into the
// cache of a version the registry names (it exists). A versioned URL's content never changes once
// published, mf-manifest.json and remoteEntry.js included (server README, "Service worker").
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && releaseOfPath(url.pathname) !== null,
  async ({ request, url }) => {
    const release = releaseOfPath(url.pathname)!;
    const cacheName = areaCacheName(release.area, release.version);
    const cached = await caches.match(request, { cacheName, ignoreVary: true });
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok && (await caches.has(cacheName))) await (await caches.open(cacheName)).put(request, response.clone());
    return response;
  },
);

// Pages are per visitor and carry the registry: always from the network, so an ops switch shows on
// the next load; the last copy is only for when the network fails. /app-api is never routed here.
// The page's request starts while the worker is still starting (navigation preload).
navigationPreload.enable();
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 20 })],
    }),
    { denylist: [/^\/(app-api|remotes|sandbox-pay|preview-frame|health|ping)(\/|$)/] },
  ),
);

const areaCaches = new AreaCacheSync(caches, (input) => fetch(input), self.location.origin);

self.addEventListener('message', (event) => {
  const areas = registryAreasOf(event.data);
  if (areas) event.waitUntil(areaCaches.sync(areas));
});
