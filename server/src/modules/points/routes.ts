import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import type { ModuleApp } from '../module.js';
import type { PointsService } from './service.js';
import { translatorFor, type Translator } from '../../locale/index.js';

export interface PointsRouteOptions {
  service: PointsService;
  requireUser: preHandlerAsyncHookHandler;
  /** The edition's language for the kind names of the history and a quote's reason (domestic: as written). */
  translator?: Translator;
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

export async function pointsRoutes(app: ModuleApp, { service, requireUser, translator = translatorFor('domestic') }: PointsRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);

  app.get('/system/user/integral', async (request) => ok(await service.balance(currentUser(request).id)));

  app.post('/system/user/integralHistoryPage', { schema: { body: HistoryBody } }, async (request) => {
    const { pageNo, pageSize } = request.body;
    const page = await service.history(currentUser(request).id, pageNo, pageSize);
    return ok({ ...page, list: page.list.map((entry) => ({ ...entry, kindText: translator.text(entry.kindText) })) });
  });

  app.post('/points/quote', { schema: { body: QuoteBody } }, async (request) => {
    const { model, ...options } = request.body;
    const quote = await service.quote(currentUser(request).id, model, options);
    return ok(quote.reason ? { ...quote, reason: translator.text(quote.reason) } : quote);
  });
}
