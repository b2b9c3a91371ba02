import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const ANON_COOKIE = 'qm_aid';
const ANON_ID = /^[0-9a-f-]{36}$/;

export type UserIdOf = (request: FastifyRequest) => string | null | Promise<string | null>;

/**
 * Who a registry answer is for (the canary cohort key): the signed-in user, else the browser's
 * anonymous id — given one now (a year-long cookie) when it has none. The registry call and the
 * page that inlines the registry use this one rule, so both put a visitor in the same cohort.
 */
export async function visitorKey(request: FastifyRequest, reply: FastifyReply, userIdOf: UserIdOf | undefined): Promise<string> {
  const userId = (await userIdOf?.(request)) ?? null;
  if (userId) return `u:${userId}`;
  let anonId = request.cookies[ANON_COOKIE];
  if (!anonId || !ANON_ID.test(anonId)) {
    anonId = randomUUID();
    reply.setCookie(ANON_COOKIE, anonId, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 365 * 24 * 3600 });
  }
  return `a:${anonId}`;
}
