import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import type { ModuleApp } from '../module.js';
import type { ApiKeysService } from './service.js';

export interface ApiKeysRouteOptions {
  service: ApiKeysService;
  requireUser: preHandlerAsyncHookHandler;
}

const KeyName = z.string().trim().min(1, '名称不能为空').max(40, '名称最多 40 个字符');
const KeyId = z.string().min(1).max(64);
const AddBody = z.object({ name: KeyName });
const UpdateBody = z.object({ id: KeyId, name: KeyName.optional(), enabled: z.boolean().optional() });
const IdBody = z.object({ id: KeyId });

export async function apiKeysRoutes(app: ModuleApp, { service, requireUser }: ApiKeysRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);
  const base = '/system/user-auth-key';

  app.get(`${base}/list`, async (request) => ok(await service.list(currentUser(request).id)));
  app.get(`${base}/get`, { schema: { querystring: IdBody } }, async (request) => ok(await service.get(currentUser(request).id, request.query.id)));
  app.post(`${base}/add`, { schema: { body: AddBody } }, async (request) => ok(await service.add(currentUser(request).id, request.body.name)));
  app.post(`${base}/update`, { schema: { body: UpdateBody } }, async (request) => {
    const { id, ...change } = request.body;
    return ok(await service.update(currentUser(request).id, id, change));
  });
  app.post(`${base}/delete`, { schema: { body: IdBody } }, async (request) => {
    await service.delete(currentUser(request).id, request.body.id);
    return ok(null);
  });
}
