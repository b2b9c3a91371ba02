import type { FastifyRequest } from 'fastify';

/** Where browsers reach this site: PUBLIC_ORIGIN when set, else the request's own (proxy headers trusted). */
export function publicOriginOf(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.host}`;
}
