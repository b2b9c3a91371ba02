import type { FastifyInstance } from 'fastify';
import { devOutboxRoutes, type DevOutboxRouteOptions } from './routes.js';

/** The /app-api/dev/ routes for the outbox the verification module set up (see routes.ts for which exist when). */
export async function installDevOutbox(server: FastifyInstance, options: DevOutboxRouteOptions): Promise<void> {
  await server.register(devOutboxRoutes, options);
}

export { DevOutbox, OUTBOX_KEEP, OUTBOX_TTL_SECONDS } from './outbox.js';
