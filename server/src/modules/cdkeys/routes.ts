import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import type { ModuleApp } from '../module.js';
import type { CdkeysService } from './service.js';

export interface CdkeysRouteOptions {
  service: CdkeysService;
  requireUser: preHandlerAsyncHookHandler;
}

const RedeemQuery = z.object({ code: z.string().trim().min(1, '请输入兑换码').max(64, '兑换码不存在') });

export async function cdkeysRoutes(app: ModuleApp, { service, requireUser }: CdkeysRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);
  app.get('/system/user/userCdKey', { schema: { querystring: RedeemQuery } }, async (request) => ok(await service.redeem(currentUser(request).id, request.query.code, request.ip), '兑换成功'));
}
