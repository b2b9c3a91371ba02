import type { Kysely } from 'kysely';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import { ApiKeysRepository } from './repository.js';
import { apiKeysRoutes } from './routes.js';
import { ApiKeysService } from './service.js';

export interface ApiKeysDeps {
  db: Kysely<Database>;
  requireUser: preHandlerAsyncHookHandler;
}

/** The user's API keys (system/user-auth-key/*). */
export function createApiKeysModule({ db, requireUser }: ApiKeysDeps): ServerModule<ApiKeysService> {
  const service = new ApiKeysService(new ApiKeysRepository(db));
  return { service, routes: (app) => apiKeysRoutes(app, { service, requireUser }) };
}

export { ApiKeysService, MAX_KEYS_PER_USER } from './service.js';
export { ApiKeysRepository } from './repository.js';
