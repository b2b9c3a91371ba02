import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { WHITEBOARD_LIMITS } from '@qiming/contracts';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { WHITEBOARD_MESSAGES } from './codes.js';
import type { WhiteboardsService } from './service.js';

export interface WhiteboardsRouteOptions {
  service: WhiteboardsService;
  requireUser: preHandlerAsyncHookHandler;
}

/**
 * A body may carry a scene up to the limit plus its envelope. Twice the limit, so a scene a little
 * over it reaches the service and gets the clear 白板内容超过 5 MB instead of the generic 请求内容过大.
 */
const SCENE_BODY_LIMIT = 2 * WHITEBOARD_LIMITS.sceneBytes;

const Id = z.string({ error: WHITEBOARD_MESSAGES.notFound }).trim().min(1, WHITEBOARD_MESSAGES.notFound).max(64, WHITEBOARD_MESSAGES.notFound);
const Title = z.string({ error: '请填写白板名称' }).trim().min(1, '请填写白板名称').max(WHITEBOARD_LIMITS.title, `白板名称不能超过${WHITEBOARD_LIMITS.title}个字`);
// The library's element and file shapes are its own; the server checks the frame and the size.
const Scene = z.object(
  {
    elements: z.array(z.record(z.string(), z.unknown()), { error: '白板内容格式不正确' }),
    appState: z.record(z.string(), z.unknown()).optional(),
    files: z.record(z.string(), z.unknown()).optional(),
  },
  { error: '白板内容格式不正确' },
);
const Ref = z.object({ id: Id });
const Create = z.object({ title: Title.optional(), scene: Scene.optional() });
const Save = z.object({ id: Id, version: z.number({ error: '缺少白板版本' }).int().min(1), scene: Scene });
const Rename = z.object({ id: Id, title: Title });

/** Whiteboards (contracts/src/whiteboards.ts): all signed-in, all the owner's. */
export async function whiteboardsRoutes(app: ModuleApp, { service, requireUser }: WhiteboardsRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);
  const me = (request: FastifyRequest) => currentUser(request).id;

  app.post('/whiteboard/list', async (request) => ok(await service.list(me(request))));
  app.post('/whiteboard/get', { schema: { body: orEmpty(Ref) } }, async (request) => ok(await service.get(me(request), request.body.id)));
  app.post('/whiteboard/create', { bodyLimit: SCENE_BODY_LIMIT, schema: { body: orEmpty(Create) } }, async (request) => ok(await service.create(me(request), request.body)));
  app.post('/whiteboard/save', { bodyLimit: SCENE_BODY_LIMIT, schema: { body: orEmpty(Save) } }, async (request) =>
    ok(await service.save(me(request), request.body.id, request.body.version, request.body.scene)),
  );
  app.post('/whiteboard/rename', { schema: { body: orEmpty(Rename) } }, async (request) => ok(await service.rename(me(request), request.body.id, request.body.title)));
  app.post('/whiteboard/delete', { schema: { body: orEmpty(Ref) } }, async (request) => ok(await service.delete(me(request), request.body.id)));
}
