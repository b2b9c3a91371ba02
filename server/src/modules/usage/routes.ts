import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { USAGE_FILTER_KINDS, type UsageFilterKind } from '@qiming/contracts';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import type { ModuleApp } from '../module.js';
import type { UsageService } from './service.js';

export interface UsageRouteOptions {
  service: UsageService;
  requireUser: preHandlerAsyncHookHandler;
}

const DAY_FORMAT = '日期应为 YYYY-MM-DD 格式的有效日期';

const Query = z.object({
  from: z.string({ error: '请选择开始日期' }).max(10, DAY_FORMAT),
  to: z.string({ error: '请选择结束日期' }).max(10, DAY_FORMAT),
  // '' (全部) is the same as none.
  kind: z
    .enum([...USAGE_FILTER_KINDS, ''], { error: '未知的使用类型' })
    .optional()
    .transform((kind): UsageFilterKind | undefined => kind || undefined),
});

const RecordsBody = Query.extend({
  pageNo: z.number().int().min(1).max(1_000_000),
  pageSize: z.number().int().min(1).max(100),
});

export async function usageRoutes(app: ModuleApp, { service, requireUser }: UsageRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);

  app.post('/usage/records', { schema: { body: RecordsBody } }, async (request) => {
    const { pageNo, pageSize, ...query } = request.body;
    return ok(await service.records(currentUser(request).id, query, pageNo, pageSize));
  });

  app.post('/usage/daily', { schema: { body: Query } }, async (request) => ok(await service.daily(currentUser(request).id, request.body)));
}
