import type { FastifyRequest } from 'fastify';

/** Where browsers reach this site: PUBLIC_ORIGIN when set, else the request's own (forwarding headers count only from TRUST_PROXY proxies). */
export function publicOriginOf(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.host}`;
}
