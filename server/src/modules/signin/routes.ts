import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import type { SigninService } from './service.js';

export interface SigninRouteOptions {
  service: SigninService;
  requireUser: preHandlerAsyncHookHandler;
}

export async function signinRoutes(app: FastifyInstance, { service, requireUser }: SigninRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);
  app.get('/system/user/signin', async (request) => ok(await service.signIn(currentUser(request).id), '签到成功'));
  app.get('/system/user/signinStatus', async (request) => ok(await service.status(currentUser(request).id)));
}
