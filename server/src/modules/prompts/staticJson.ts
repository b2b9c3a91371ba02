import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';

/** Built-in data served as is: the envelope serialised once, its ETag a hash of that text. */
export interface StaticJson {
  readonly text: string;
  readonly etag: string;
}

export function staticJson(data: unknown): StaticJson {
  const text = JSON.stringify(ok(data));
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
}

/** True when an If-None-Match header names the ETag (a list, weak forms and * included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** Answers the data, or 304 when the client's copy is current; `no-cache` so a deploy is seen at once. */
export function sendStaticJson(request: FastifyRequest, reply: FastifyReply, json: StaticJson): FastifyReply {
  reply.header('etag', json.etag).header('cache-control', 'no-cache');
  if (matches(request.headers['if-none-match'], json.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json.text);
}
