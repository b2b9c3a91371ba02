import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { SharedState } from '../../sharedState/index.js';
import type { Catalogue } from '../catalogue/index.js';
import type { ConversationsService } from '../conversations/index.js';
import type { ServerModule } from '../module.js';
import { ShareRepository } from './repository.js';
import { shareRoutes } from './routes.js';
import { ShareService } from './service.js';

/** Public page reads per client IP and minute: a person reading pages never comes near it, a scraper does. */
export const SHARE_READS_PER_MINUTE = 120;

export interface ShareDependencies {
  db: Kysely<Database>;
  conversations: ConversationsService;
  catalogue: Catalogue;
  sharedState: SharedState;
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
}

/** Share pages: publish, refresh, revoke, and the public read (public/share/*). */
export function createShareModule(deps: ShareDependencies): ServerModule<ShareService> {
  const service = new ShareService(new ShareRepository(deps.db), deps.conversations, { iconOf: (model) => deps.catalogue.find(model)?.icon ?? null, now: deps.now });
  return { service, routes: (app) => shareRoutes(app, { service, requireUser: deps.requireUser, sharedState: deps.sharedState, readsPerMinute: SHARE_READS_PER_MINUTE }) };
}

export { ShareService } from './service.js';
export { ShareRepository } from './repository.js';
export { snapshotOf, shownBranch } from './snapshot.js';
export { SHARE_CODES } from './codes.js';
