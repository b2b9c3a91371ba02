import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './envelope.js';

/** True when an If-None-Match header names the ETag (a list, weak forms and * included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Sets the ETag (`no-cache`, so a change is seen at once) and answers 304 when the client's copy is
 * current; null when the caller must send the body.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): FastifyReply | null {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  return etagMatches(request.headers['if-none-match'], etag) ? reply.status(304).send() : null;
}

/** Built-in data served as is: the envelope serialised once, its ETag a hash of that text. */
export interface StaticJson {
  readonly text: string;
  readonly etag: string;
}

export function staticJson(data: unknown): StaticJson {
  const text = JSON.stringify(ok(data));
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
}

/** Answers the data, or 304 when the client's copy is current. */
export function sendStaticJson(request: FastifyRequest, reply: FastifyReply, json: StaticJson): FastifyReply {
  return notModified(request, reply, json.etag) ?? reply.type('application/json; charset=utf-8').send(json.text);
}
