import type { Kysely } from 'kysely';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { translatorFor } from '../../locale/index.js';
import type { ServerModule } from '../module.js';
import { ConversationsRepository } from './repository.js';
import { conversationsRoutes } from './routes.js';
import { ConversationsService } from './service.js';

export function createConversationsService(db: Kysely<Database>, clock: Clock): ConversationsService {
  return new ConversationsService(new ConversationsRepository(db), clock);
}

export interface ConversationsDeps {
  db: Kysely<Database>;
  now: Clock;
  requireUser: preHandlerAsyncHookHandler;
  config: Pick<ServerConfig, 'site'>;
}

/** Conversation history (spec chat §7): the tree of turns the chat gateway writes, and its calls. */
export function createConversationsModule({ db, now, requireUser, config }: ConversationsDeps): ServerModule<ConversationsService> {
  const service = createConversationsService(db, now);
  return { service, routes: (app) => conversationsRoutes(app, { service, requireUser, translator: translatorFor(config.site.edition) }) };
}

export { ConversationsService, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type FinishedAnswer, type HistoryMessage, type ImportedBranch, type Turn, type TurnInput } from './service.js';
export { ConversationsRepository } from './repository.js';
export { titleFrom, cutText, DEFAULT_TITLE, AUTO_TITLE_MAX, TITLE_MAX } from './titles.js';
export { conversationTree, groupView } from './tree.js';
export { CHAT_CODES, chatError, conversationNotFound, parentNotFound } from './codes.js';
export { conversationsRoutes, type ConversationsRouteOptions } from './routes.js';
