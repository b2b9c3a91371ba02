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

/** Per answer, so fast settings (brotli 4 is about gzip's speed and smaller); static files are precompressed at max quality instead. */
const ENCODERS = {
  br: (body: Buffer) =>
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => gzip(body),
};
const ENCODINGS = Object.keys(ENCODERS) as Array<keyof typeof ENCODERS>;

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
 * already encoded. A compressed answer's ETag becomes weak (it names the JSON, not these bytes);
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
    const compressed = await ENCODERS[encoding](body);
    reply.header('content-encoding', encoding);
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
    return compressed;
  });
}
