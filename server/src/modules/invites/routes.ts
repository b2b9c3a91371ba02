import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { publicOriginOf } from '../../http/publicOrigin.js';
import type { InvitesService } from './service.js';

export interface InvitesRouteOptions {
  service: InvitesService;
  requireUser: preHandlerAsyncHookHandler;
  publicOrigin: string | undefined;
}

export async function invitesRoutes(app: FastifyInstance, { service, requireUser, publicOrigin }: InvitesRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);
  app.get('/system/user/inviteInfo', async (request) => ok(await service.info(currentUser(request).id, publicOriginOf(request, publicOrigin))));
}
