import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import type { ModuleApp } from '../module.js';
import type { PointsService } from './service.js';

export interface PointsRouteOptions {
  service: PointsService;
  requireUser: preHandlerAsyncHookHandler;
}

const HistoryBody = z.object({
  pageNo: z.number().int().min(1).max(1_000_000),
  pageSize: z.number().int().min(1).max(100),
});

const QuoteBody = z.object({
  model: z.string().trim().min(1, '请选择模型').max(200),
  webSearch: z.boolean().optional(),
  /** Not in the contract yet: the prompt length, so a per-token or per-character quote covers it. */
  promptChars: z.number().int().min(0).max(10_000_000).optional(),
});

export async function pointsRoutes(app: ModuleApp, { service, requireUser }: PointsRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);

  app.get('/system/user/integral', async (request) => ok(await service.balance(currentUser(request).id)));

  app.post('/system/user/integralHistoryPage', { schema: { body: HistoryBody } }, async (request) => {
    const { pageNo, pageSize } = request.body;
    return ok(await service.history(currentUser(request).id, pageNo, pageSize));
  });

  app.post('/points/quote', { schema: { body: QuoteBody } }, async (request) => {
    const { model, ...options } = request.body;
    return ok(await service.quote(currentUser(request).id, model, options));
  });
}
