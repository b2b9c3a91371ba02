import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore, StoredObject } from '../storage/blobStore.js';
import { BlobKeyError } from '../storage/keys.js';
import { etagMatches } from './etag.js';

/** The sibling encodings in order of preference, as @fastify/static's preCompressed picks them. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

export interface RemoteFileRules {
  /** Cache-Control for a file name (a sibling has its file's rule). */
  cacheControlOf(name: string): string;
  /** Whether the URL's path may be served at all (not a source map, not a sibling by its own name). */
  servable(pathname: string): boolean;
}

/** The store key of a /remotes/ URL path, or null for one no file can have (bad escapes, dot segments). */
function keyOf(pathname: string): string | null {
  let key: string;
  try {
    key = pathname.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return key.split('/').some((segment) => segment.startsWith('.')) ? null : key;
}

/** The object for the URL and its encoding: a sibling when one is accepted and stored, and only while its file is. */
async function representationOf(store: BlobStore, key: string, acceptEncoding: string): Promise<{ object: StoredObject; encoding: string | null } | null> {
  let remaining: ReadonlyArray<(typeof ENCODINGS)[number]> = ENCODINGS;
  for (;;) {
    const name = negotiate(acceptEncoding, remaining.map((encoding) => encoding.name));
    const encoding = remaining.find((candidate) => candidate.name === name);
    if (!encoding) break;
    const [sibling, fileExists] = await Promise.all([store.get(key + encoding.extension), store.exists(key)]);
    if (sibling && !fileExists) {
      sibling.body.destroy();
      return null;
    }
    if (sibling) return { object: sibling, encoding: encoding.name };
    if (!fileExists) return null;
    remaining = remaining.filter((candidate) => candidate !== encoding);
  }
  const object = await store.get(key);
  return object && { object, encoding: null };
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
}

/** If-None-Match first (ETag), else If-Modified-Since, as send (under @fastify/static) judges them. */
function isFresh(request: FastifyRequest, object: StoredObject): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return etagMatches(ifNoneMatch, object.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(object.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * /remotes/<area>/<version>/… streamed from a blob store that is not a folder (S3): the same answers
 * as the folder served by @fastify/static (http/frontend.ts) — a .br / .gz sibling chosen by
 * Accept-Encoding and sent with Content-Encoding (never when its file is gone), Vary, the cache rule
 * of the file name, ETag and Last-Modified with 304s, HEAD, CORS open, 404 for what is not served.
 * Byte ranges are not offered (no Accept-Ranges): browsers fetch these files whole.
 */
export function serveRemotesFromStore(app: FastifyInstance, store: BlobStore, rules: RemoteFileRules): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/remotes/*',
    handler: async (request, reply) => {
      const pathname = (request.url.split('?')[0] ?? '').slice('/remotes/'.length);
      const key = rules.servable(pathname) ? keyOf(pathname) : null;
      if (!key) return notFound(reply);
      let found;
      try {
        found = await representationOf(store, key, request.headers['accept-encoding'] ?? '');
      } catch (error) {
        if (error instanceof BlobKeyError) return notFound(reply);
        throw error;
      }
      if (!found) return notFound(reply);
      const { object, encoding } = found;
      reply
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', rules.cacheControlOf(key))
        .header('Access-Control-Allow-Origin', '*')
        .header('ETag', object.etag)
        .header('Last-Modified', object.lastModified.toUTCString());
      if (isFresh(request, object)) {
        object.body.destroy();
        return reply.status(304).send();
      }
      reply.header('Content-Type', object.contentType).header('Content-Length', String(object.size));
      if (encoding) reply.header('Content-Encoding', encoding);
      if (request.method === 'HEAD') {
        object.body.destroy();
        return reply.send();
      }
      return reply.send(object.body);
    },
  });
}
