import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { KNOWLEDGE_LIMITS } from '@qiming/contracts';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { orEmpty, type ModuleApp } from '../module.js';
import type { KnowledgeService } from './service.js';

export interface KnowledgeRouteOptions {
  service: KnowledgeService;
  requireUser: preHandlerAsyncHookHandler;
}

const BASE = '/backend-api';

// Lengths are the service's (2608 naming the field); these bounds only keep bodies small.
const Id = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);
const KnowledgeId = Id('请选择知识库');
const IsPublic = z.union([z.literal(0), z.literal(1)]);
const Input = z.object({ title: z.string().max(5_000).optional(), remark: z.string().max(20_000).optional(), isPublic: IsPublic.optional() });
/** ids as a comma-separated query value, or repeated (?ids=a&ids=b). */
const IdList = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((id) => id.trim())
    .filter(Boolean)
    .slice(0, 500),
);

/** The knowledge calls (contracts knowledge.ts); all signed in. */
export async function knowledgeRoutes(app: ModuleApp, { service, requireUser }: KnowledgeRouteOptions): Promise<void> {
  app.addHook('preValidation', requireUser);
  const me = (request: FastifyRequest) => currentUser(request).id;

  app.post(`${BASE}/createKnowledge`, { schema: { body: orEmpty(Input) } }, async (request) => ok(await service.create(me(request), { ...request.body, title: request.body.title ?? '' })));
  app.post(`${BASE}/updateKnowledge`, { schema: { body: orEmpty(Input.extend({ id: KnowledgeId })) } }, async (request) => {
    const { id, ...input } = request.body;
    return ok(await service.update(me(request), id, input));
  });
  app.get(`${BASE}/getMyKnowledge`, async (request) => ok(await service.mine(me(request))));
  app.get(`${BASE}/getMyKnowledge2`, async (request) => ok(await service.usable(me(request))));
  app.get(
    `${BASE}/getAllKnowledgePublic`,
    {
      schema: {
        querystring: z.object({
          keyWord: z.string().max(KNOWLEDGE_LIMITS.title).optional(),
          pageNo: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(KNOWLEDGE_LIMITS.pageSize).default(KNOWLEDGE_LIMITS.pageSize),
        }),
      },
    },
    async (request) => ok(await service.publicBases(me(request), request.query)),
  );
  app.get(`${BASE}/getKnowledgeItems`, { schema: { querystring: z.object({ knowledgeId: KnowledgeId }) } }, async (request) => ok(await service.items(me(request), request.query.knowledgeId)));
  app.get(`${BASE}/deleteKnowledgeItems`, { schema: { querystring: z.object({ ids: IdList }) } }, async (request) => ok(await service.removeItems(me(request), request.query.ids)));
  app.get(`${BASE}/deleteKnowledge`, { schema: { querystring: z.object({ id: KnowledgeId }) } }, async (request) => ok(await service.remove(me(request), request.query.id)));
  app.post(
    `${BASE}/addKnowledgeItems`,
    { schema: { body: orEmpty(z.object({ knowledgeId: KnowledgeId, uploadIds: z.array(z.string().max(100)).max(KNOWLEDGE_LIMITS.uploadsPerCall, `一次最多添加${KNOWLEDGE_LIMITS.uploadsPerCall}个文件`).default([]) })) } },
    async (request) => ok(await service.addItems(me(request), request.body.knowledgeId, request.body.uploadIds)),
  );
  app.post(`${BASE}/reindexKnowledgeItem`, { schema: { body: orEmpty(z.object({ id: Id('请选择文档') })) } }, async (request) => ok(await service.reindex(me(request), request.body.id)));
  app.get(`${BASE}/knowledgeChunks`, { schema: { querystring: z.object({ itemId: Id('请选择文档'), pageNo: z.coerce.number().int().min(1).default(1) }) } }, async (request) =>
    ok(await service.chunks(me(request), request.query.itemId, request.query.pageNo)),
  );
  app.get(`${BASE}/knowledgePassage`, { schema: { querystring: z.object({ id: Id('请选择段落') }) } }, async (request) => ok(await service.passage(me(request), request.query.id)));
  app.post(
    `${BASE}/knowledgeHitTest`,
    {
      schema: {
        body: orEmpty(
          z.object({
            knowledgeId: KnowledgeId,
            query: z.string({ error: '请输入测试问题' }).trim().min(1, '请输入测试问题').max(KNOWLEDGE_LIMITS.query),
            topK: z.coerce.number().int().min(1).max(KNOWLEDGE_LIMITS.topKMax).default(5),
          }),
        ),
      },
    },
    async (request) => ok(await service.hitTest(me(request), request.body.knowledgeId, request.body.query, request.body.topK)),
  );
}
