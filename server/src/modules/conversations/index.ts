import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { ConversationsRepository } from './repository.js';
import { ConversationsService } from './service.js';

export function createConversationsService(db: Kysely<Database>, clock: Clock): ConversationsService {
  return new ConversationsService(new ConversationsRepository(db), clock);
}

export { ConversationsService, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type FinishedAnswer, type HistoryMessage, type Turn, type TurnInput } from './service.js';
export { ConversationsRepository } from './repository.js';
export { titleFrom, cutText, DEFAULT_TITLE, AUTO_TITLE_MAX, TITLE_MAX } from './titles.js';
export { conversationTree, groupView } from './tree.js';
export { CHAT_CODES, chatError, conversationNotFound, parentNotFound } from './codes.js';
export { conversationsRoutes, type ConversationsRouteOptions } from './routes.js';
