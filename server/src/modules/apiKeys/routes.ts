import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../auth/guard.js';
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

export async function apiKeysRoutes(app: FastifyInstance, { service, requireUser }: ApiKeysRouteOptions): Promise<void> {
  app.addHook('preHandler', requireUser);
  const base = '/system/user-auth-key';

  app.get(`${base}/list`, async (request) => ok(await service.list(currentUser(request).id)));
  app.get(`${base}/get`, async (request) => ok(await service.get(currentUser(request).id, IdBody.parse(request.query).id)));
  app.post(`${base}/add`, async (request) => ok(await service.add(currentUser(request).id, AddBody.parse(request.body).name)));
  app.post(`${base}/update`, async (request) => {
    const { id, ...change } = UpdateBody.parse(request.body);
    return ok(await service.update(currentUser(request).id, id, change));
  });
  app.post(`${base}/delete`, async (request) => {
    await service.delete(currentUser(request).id, IdBody.parse(request.body).id);
    return ok(null);
  });
}
