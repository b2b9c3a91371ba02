import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './envelope.js';

/** Every refusal of an expired or revoked session: HTTP 401, which makes the SDK refresh once. */
export const SESSION_EXPIRED_MESSAGE = '登录状态已失效，请重新登录';

// Who is calling: request.user, the guard of signed-in routes and its 401. The auth module checks
// the tokens (AccessTokenCheck); every other module only reads the user from here.

export interface AuthenticatedUser {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; null on routes without it. */
    user: AuthenticatedUser | null;
  }
}

export interface AccessTokenCheck {
  /** The user behind a valid, unrevoked access token; null otherwise. */
  authenticate(accessToken: string): Promise<AuthenticatedUser | null>;
}

export interface AuthGuard {
  /** preHandler: puts the bearer's user on request.user, or answers HTTP 401 {code: 401}. */
  requireUser: preHandlerAsyncHookHandler;
  /** The bearer's user id when it is valid, else null; never refuses (the registry uses it for the canary cohort). */
  optionalUserId(request: FastifyRequest): Promise<string | null>;
}

export function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export function sessionExpired(): AppError {
  return new AppError(401, SESSION_EXPIRED_MESSAGE, 401);
}

/** Declares request.user on the server (once, before routes are registered). */
export function decorateRequestUser(server: FastifyInstance): void {
  server.decorateRequest('user', null);
}

export function createAuthGuard(tokens: AccessTokenCheck): AuthGuard {
  return {
    async requireUser(request) {
      const token = bearerOf(request);
      const user = token ? await tokens.authenticate(token) : null;
      if (!user) throw sessionExpired();
      request.user = user;
    },
    async optionalUserId(request) {
      const token = bearerOf(request);
      if (!token) return null;
      try {
        return (await tokens.authenticate(token))?.id ?? null;
      } catch (error) {
        request.log.warn({ err: error }, 'optional sign-in check failed');
        return null;
      }
    },
  };
}

/** The user requireUser put on the request. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw sessionExpired();
  return request.user;
}
