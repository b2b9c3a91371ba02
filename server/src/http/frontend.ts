import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BlobStore } from '../storage/blobStore.js';
import { directoryOf } from '../storage/index.js';
import { fail } from './envelope.js';
import { HostPage, type PageContentOf } from './hostPage.js';
import { serveRemotesFromStore } from './remoteFiles.js';
import { serveRetiringServiceWorker } from './serviceWorker.js';

/**
 * Files whose URL never changes while their content may: the browser must revalidate them. The
 * service worker (`sw.js`) too: browsers check it for updates on navigations, and a new host build
 * must reach them.
 */
const REVALIDATE = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'release.json', 'sw.js']);

/** The precompressed siblings of a file (build-config/precompress.cjs), served in its place. */
const SIBLING = /\.(br|gz)$/;

/** `index.html.br` keeps the rule of `index.html`. */
function cacheControlOf(filePath: string): string {
  const name = path.basename(filePath).replace(SIBLING, '');
  return REVALIDATE.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable';
}

function cacheHeaders(reply: FastifyReply, filePath: string) {
  reply.header('Cache-Control', cacheControlOf(filePath));
}

/**
 * Source maps stay in the build and the remote store for ops (build-config/README.md) but are not
 * served; nor are the siblings under their own names (they go out as the file's Content-Encoding).
 * A sibling stands for its file: when the file is gone (an operator removed it from a release),
 * the URL is a 404 whatever the request accepts, as before siblings existed.
 */
const NOT_SERVED = /\.(map|br|gz)$/;
const servable = (pathname: string, root: string | undefined) => !!root && !NOT_SERVED.test(pathname) && fs.existsSync(path.join(root, pathname));
/** The host's page is made per visitor (hostPage.ts), never sent as the file. */
const PAGE_PATHS = new Set(['/', '/index.html']);
const hostServable = (pathname: string, root: string | undefined) => !PAGE_PATHS.has(pathname) && servable(pathname, root);
/** Nor, from the remote store, anything under a dot folder: the local blob store keeps its own files in `.blobstore/`. */
const DOT_SEGMENT = /(^|\/)\./;
const remoteServableName = (pathname: string) => !NOT_SERVED.test(pathname) && !DOT_SEGMENT.test(pathname);
const remoteServable = (pathname: string, root: string | undefined) => !DOT_SEGMENT.test(pathname) && servable(pathname, root);

const NOT_FRONTEND = /^\/(app-api|remotes|ping)(\/|$)/;

/**
 * The built host shell at /, the remote store at /remotes/<area>/<version>/, and history-mode
 * fallback: any other GET that wants a page gets the host page, so no front-end route is a 404.
 * The page (`/`, `/index.html`, the fallback) is index.html with this visitor's `pageContent`
 * written in (hostPage.ts). The remote store: a folder (local blob store) is served by
 * @fastify/static, a bucket by remoteFiles.ts with the same rules.
 */
export async function serveFrontend(
  app: FastifyInstance,
  options: { hostShellDir: string; remotes: BlobStore; pageContent: PageContentOf; serviceWorker: boolean },
): Promise<void> {
  const remoteDir = directoryOf(options.remotes);
  if (remoteDir) await serveRemoteFolder(app, remoteDir);
  else serveRemotesFromStore(app, options.remotes, { cacheControlOf, servable: remoteServableName });
  const indexFile = path.join(options.hostShellDir, 'index.html');
  const hasHost = fs.existsSync(indexFile);
  if (!options.serviceWorker) serveRetiringServiceWorker(app);
  if (hasHost) {
    await app.register(fastifyStatic, {
      root: options.hostShellDir,
      prefix: '/',
      index: false,
      preCompressed: true,
      allowedPath: hostServable,
      setHeaders: cacheHeaders,
    });
  } else {
    app.log.warn(`host shell not built at ${options.hostShellDir}: run "pnpm build" to serve the front end`);
  }

  const page = new HostPage(indexFile, options.pageContent, (message, error) => app.log.warn({ err: error }, message));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/app-api/') || pathname === '/app-api') return reply.status(404).send(fail(404, '接口不存在'));
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !NOT_FRONTEND.test(pathname) && (!path.extname(pathname) || pathname === '/index.html');
    if (!wantsPage) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    if (!hasHost) return reply.status(503).type('text/plain; charset=utf-8').send('前端尚未构建：请先运行 pnpm build');
    return page.send(request, reply, pathname === '/index.html' ? '/' : pathname);
  });
}

async function serveRemoteFolder(app: FastifyInstance, root: string): Promise<void> {
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    allowedPath: remoteServable,
    setHeaders: (res, filePath) => {
      cacheHeaders(res, filePath);
      res.header('Access-Control-Allow-Origin', '*');
    },
  });
}
