import type { Kysely } from 'kysely';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import type { PointsService } from '../points/index.js';
import { InvitesRepository } from './repository.js';
import { invitesRoutes } from './routes.js';
import { InvitesService } from './service.js';

export interface InvitesDeps {
  db: Kysely<Database>;
  points: PointsService;
  config: Pick<ServerConfig, 'invites' | 'publicOrigin'>;
  requireUser: preHandlerAsyncHookHandler;
}

/** Invite links and the inviter's reward on the invitee's first successful use. */
export function createInvitesModule({ db, points, config, requireUser }: InvitesDeps): ServerModule<InvitesService> {
  const service = new InvitesService(new InvitesRepository(db), points, config.invites);
  return { service, routes: (app) => invitesRoutes(app, { service, requireUser, publicOrigin: config.publicOrigin }) };
}

export { InvitesService } from './service.js';
export { InvitesRepository } from './repository.js';
