import type { Kysely } from 'kysely';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import { SigninRepository } from './repository.js';
import { signinRoutes } from './routes.js';
import { SigninService } from './service.js';

export interface SigninDeps {
  db: Kysely<Database>;
  points: PointsService;
  config: Pick<ServerConfig, 'signinRewards'>;
  requireUser: preHandlerAsyncHookHandler;
}

/** The daily sign-in and its reward. */
export function createSigninModule({ db, points, config, requireUser }: SigninDeps): ServerModule<SigninService> {
  const service = new SigninService(new SigninRepository(db), points, config.signinRewards);
  return { service, routes: (app) => signinRoutes(app, { service, requireUser }) };
}

export { SigninService, ALREADY_SIGNED_IN_MESSAGE } from './service.js';
export { SigninRepository } from './repository.js';
