import type { FastifyInstance } from 'fastify';

/** Where the host build's service worker is served (root scope: it controls every page). */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * What `/sw.js` is with SERVICE_WORKER=false: a worker that takes over from the installed one,
 * deletes the caches the site's worker made (all named `qm-…`, host-shell/src/sw/cacheNames.ts) and
 * unregisters itself, so returning browsers go back to plain HTTP at once. A 404 would not do: a
 * browser keeps an installed worker whose update check fails.
 */
export const RETIRING_SERVICE_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('qm-')).map((name) => caches.delete(name)));
    await self.registration.unregister();
  })());
});
`;

/** SERVICE_WORKER=false: the retiring worker in place of the build's (registered before the static files, so it wins). */
export function serveRetiringServiceWorker(app: FastifyInstance): void {
  app.get(SERVICE_WORKER_PATH, async (_request, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(RETIRING_SERVICE_WORKER),
  );
}
