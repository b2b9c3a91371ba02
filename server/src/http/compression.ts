import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Smaller answers go out as they are: a packet either way, not worth the CPU. */
export const COMPRESS_THRESHOLD = 1024;

/** application/json and the …+json types, whatever their parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const quality = (level: number, body: Buffer) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

/** Per answer, so fast settings (brotli 4 is about gzip's speed and smaller); static files are precompressed at max quality instead. */
const ENCODERS = {
  br: (body: Buffer) => brotli(body, quality(4, body)),
  gzip: (body: Buffer) => gzip(body),
};
/** For answers compressed once and sent many times: as small as the encoder makes them. */
const MAX_ENCODERS: typeof ENCODERS = {
  br: (body: Buffer) => brotli(body, quality(11, body)),
  gzip: (body: Buffer) => gzip(body, { level: 9 }),
};
const ENCODINGS = Object.keys(ENCODERS) as Array<keyof typeof ENCODERS>;

/**
 * An answer with an ETag (the model catalogue, announcements, built-in lists) is the same bytes for
 * every client until it changes: it is compressed once at max quality (the catalogue: 20.1 KiB at
 * brotli 4, 15.5 KiB at 11, about 0.2 s once) and kept, by encoding and content hash, the most
 * recently used STABLE_ANSWERS of them.
 */
const STABLE_ANSWERS = 32;
const stableAnswers = {
  cache: new Map<string, Promise<Buffer>>(),
  compress(encoding: keyof typeof ENCODERS, body: Buffer): Promise<Buffer> {
    const key = `${encoding}:${createHash('sha256').update(body).digest('base64url')}`;
    let compressed = this.cache.get(key);
    if (compressed) this.cache.delete(key);
    else {
      compressed = MAX_ENCODERS[encoding](body);
      compressed.catch(() => this.cache.delete(key));
    }
    this.cache.set(key, compressed);
    if (this.cache.size > STABLE_ANSWERS) this.cache.delete(this.cache.keys().next().value!);
    return compressed;
  },
};

function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = String(reply.getHeader('vary') ?? '');
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses JSON answers of at least COMPRESS_THRESHOLD bytes, br or else gzip as the client
 * accepts. Only bodies Fastify holds whole (strings and buffers): streams go out untouched — the
 * chat's SSE (it must flush event by event; it is hijacked anyway), uploaded files, audio, and the
 * front end's files, which have precompressed siblings (http/frontend.ts) — and so does anything
 * already encoded. Answers with an ETag are compressed once at max quality (`stableAnswers`). A compressed answer's ETag becomes weak (it names the JSON, not these bytes);
 * `etagMatches` accepts the weak form, so 304s keep working.
 */
export function installCompression(server: FastifyInstance): void {
  server.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_THRESHOLD) return payload;
    varyOnAcceptEncoding(reply);
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
    if (!encoding) return payload;
    const etag = reply.getHeader('etag');
    const compressed = typeof etag === 'string' ? await stableAnswers.compress(encoding, body) : await ENCODERS[encoding](body);
    reply.header('content-encoding', encoding);
    if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
    return compressed;
  });
}
