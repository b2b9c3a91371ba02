import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../auth/guard.js';
import type { CdkeysService } from './service.js';

export interface CdkeysRouteOptions {
  service: CdkeysService;
  requireUser: preHandlerAsyncHookHandler;
}

const RedeemQuery = z.object({ code: z.string().trim().min(1, '请输入兑换码').max(64, '兑换码不存在') });

export async function cdkeysRoutes(app: FastifyInstance, { service, requireUser }: CdkeysRouteOptions): Promise<void> {
  app.addHook('preHandler', requireUser);
  app.get('/system/user/userCdKey', async (request) => ok(await service.redeem(currentUser(request).id, RedeemQuery.parse(request.query).code), '兑换成功'));
}
