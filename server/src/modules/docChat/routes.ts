import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { DOC_CHAT_MESSAGES } from './codes.js';
import type { DocChatService } from './service.js';

export interface DocChatRouteOptions {
  service: DocChatService;
  requireUser: preHandlerAsyncHookHandler;
}

const Id = z.string({ error: DOC_CHAT_MESSAGES.notFound }).trim().min(1, DOC_CHAT_MESSAGES.notFound).max(64, DOC_CHAT_MESSAGES.notFound);
const UploadId = z.string({ error: DOC_CHAT_MESSAGES.uploadMissing }).trim().min(1, DOC_CHAT_MESSAGES.uploadMissing).max(128, DOC_CHAT_MESSAGES.uploadMissing);

/** Document chats (contracts/src/docChat.ts): all signed in, all the owner's. */
export async function docChatRoutes(app: ModuleApp, { service, requireUser }: DocChatRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);
  const me = (request: FastifyRequest) => currentUser(request).id;

  app.post('/docChat/create', { schema: { body: orEmpty(z.object({ uploadId: UploadId })) } }, async (request) => ok(await service.create(me(request), request.body.uploadId)));
  app.post('/docChat/list', async (request) => ok(await service.list(me(request))));
  app.post('/docChat/get', { schema: { body: orEmpty(z.object({ id: Id })) } }, async (request) => ok(await service.get(me(request), request.body.id)));
  app.post('/docChat/delete', { schema: { body: orEmpty(z.object({ id: Id })) } }, async (request) => ok(await service.remove(me(request), request.body.id)));
}
