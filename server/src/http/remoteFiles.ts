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

/** The sibling encodings the request accepts, best first (br before gzip at equal weight). */
function acceptedEncodings(acceptEncoding: string): Array<(typeof ENCODINGS)[number]> {
  const accepted: Array<(typeof ENCODINGS)[number]> = [];
  for (;;) {
    const name = negotiate(
      acceptEncoding,
      ENCODINGS.filter((encoding) => !accepted.includes(encoding)).map((encoding) => encoding.name),
    );
    const encoding = ENCODINGS.find((candidate) => candidate.name === name);
    if (!encoding) return accepted;
    accepted.push(encoding);
  }
}

/** All the objects, or the first error once every call has ended (no stream of a failed batch is left open). */
async function settledAll(calls: Array<Promise<StoredObject | null>>): Promise<Array<StoredObject | null>> {
  const results = await Promise.allSettled(calls);
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed) return results.map((result) => (result as PromiseFulfilledResult<StoredObject | null>).value);
  for (const result of results) if (result.status === 'fulfilled') result.value?.body.destroy();
  throw failed.reason;
}

/**
 * The object for the URL and its encoding: the best accepted sibling that is stored, and only while
 * its file is; else the file. The file's existence and the siblings are asked for at once.
 */
async function representationOf(store: BlobStore, key: string, acceptEncoding: string): Promise<{ object: StoredObject; encoding: string | null } | null> {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.length) {
    const [fileExists, siblings] = await Promise.all([store.exists(key), settledAll(accepted.map((encoding) => store.get(key + encoding.extension)))]);
    const chosen = fileExists ? siblings.findIndex((sibling) => sibling !== null) : -1;
    siblings.forEach((sibling, index) => index !== chosen && sibling?.body.destroy());
    if (!fileExists) return null;
    if (chosen >= 0) return { object: siblings[chosen]!, encoding: accepted[chosen]!.name };
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
