import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { ServerModule } from '../module.js';
import { DocChatRepository } from './repository.js';
import { docChatRoutes } from './routes.js';
import { DocChatService, type DocChatServiceOptions } from './service.js';

export interface DocChatDeps {
  db: Db['db'];
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
  uploads: DocChatServiceOptions['uploads'];
  knowledge: DocChatServiceOptions['knowledge'];
  conversations: DocChatServiceOptions['conversations'];
}

/** Document chats (contracts/src/docChat.ts): the user's PDFs, each indexed as a hidden knowledge base the chat answers from. */
export function createDocChatModule({ db, requireUser, now, uploads, knowledge, conversations }: DocChatDeps): ServerModule<DocChatService> {
  const service = new DocChatService(new DocChatRepository(db), { uploads, knowledge, conversations, now });
  return { service, routes: (app) => docChatRoutes(app, { service, requireUser }) };
}

export { DocChatService } from './service.js';
