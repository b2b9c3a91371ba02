import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { ConversationsService } from '../conversations/index.js';
import type { ServerModule } from '../module.js';
import type { ShareService } from '../share/index.js';
import { FEATURED_USAGE, runFeaturedCommand } from './opsCommands.js';
import { FeaturedRepository } from './repository.js';
import { featuredRoutes } from './routes.js';
import { FeaturedService } from './service.js';

export interface FeaturedDeps {
  db: Kysely<Database>;
  share: Pick<ShareService, 'publicViews'>;
  conversations: Pick<ConversationsService, 'importBranch'>;
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
}

/** Featured conversations (/valueChatPage): the public gallery, 继续对话, and `pnpm ops featured`. */
export function createFeaturedModule({ db, share, conversations, requireUser, now }: FeaturedDeps): ServerModule<FeaturedService> {
  const service = new FeaturedService({ repo: new FeaturedRepository(db), share, conversations, now });
  return {
    service,
    routes: (app) => featuredRoutes(app, { service, requireUser }),
    opsCommands: { featured: { usage: FEATURED_USAGE, run: (argv, print) => runFeaturedCommand(service, argv, print) } },
  };
}

export { FeaturedService, shareIdOf } from './service.js';
export { FEATURED_USAGE } from './opsCommands.js';
