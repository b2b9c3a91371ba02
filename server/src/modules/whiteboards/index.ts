import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { ServerModule } from '../module.js';
import { WhiteboardsRepository } from './repository.js';
import { whiteboardsRoutes } from './routes.js';
import { WhiteboardsService } from './service.js';

export interface WhiteboardsDeps {
  db: Db['db'];
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
}

/** Whiteboards (contracts/src/whiteboards.ts): the user's Excalidraw boards, saved with a version check. */
export function createWhiteboardsModule({ db, requireUser, now }: WhiteboardsDeps): ServerModule<WhiteboardsService> {
  const service = new WhiteboardsService({ repo: new WhiteboardsRepository(db), now });
  return { service, routes: (app) => whiteboardsRoutes(app, { service, requireUser }) };
}

export { WhiteboardsService } from './service.js';
