import type { ServerModule } from '../module.js';
import type { DevOutbox } from '../verification/devOutbox.js';
import { devOutboxRoutes, type DevOutboxRouteOptions } from './routes.js';

/** The /app-api/dev/ routes for the outbox the verification module set up (see routes.ts for which exist when). */
export function createDevOutboxModule(deps: DevOutboxRouteOptions): ServerModule<DevOutbox> {
  return { service: deps.outbox, routes: (app) => devOutboxRoutes(app, deps) };
}
