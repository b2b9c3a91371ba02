import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AGENT_CATEGORIES, AGENT_LIMITS } from '@qiming/contracts';
import { fail, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { API_PREFIX, orEmpty, type ModuleApp } from '../module.js';
import { AGENT_IMAGE_PATH } from './images.js';
import { AGENT_ICONS } from './builtIn/icons.js';
import { sendSvgIcon } from '../catalogue/icons.js';
import type { AgentsService } from './service.js';

export interface AgentsRouteOptions {
  service: AgentsService;
  requireUser: preHandlerAsyncHookHandler;
  /** The caller when signed in, else null (getAppByCode and getPublicApp answer signed out too). */
  userIdOf(request: FastifyRequest): Promise<string | null>;
}

const BASE = '/backend-api';

// Lengths are the service's (2405 naming the field); these bounds only keep bodies small.
const text = z.string().max(20_000);
const optionalUrl = z.string().max(2_000).nullable().optional();
const Paging = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(AGENT_LIMITS.pageSize).default(AGENT_LIMITS.pageSize),
});
const Category = z.enum(AGENT_CATEGORIES, { error: '分类不存在，请重新选择' });
const AgentInput = z.object({
  appName: text.optional(),
  description: text.optional(),
  appUrl: optionalUrl,
  assistantUrl: optionalUrl,
  mannulModel: z.string().max(100).nullable().optional(),
  systemPrompt: text.optional(),
  question1: text.optional(),
  question2: text.optional(),
  question3: text.optional(),
  question4: text.optional(),
  hongScene: z.string().max(100).nullable().optional(),
  imageUrlYour: optionalUrl,
  imageUrlParteners: optionalUrl,
  isPublic: z.union([z.literal(0), z.literal(1)]).optional(),
  kind1: Category.optional(),
  mcps: z.array(z.string().max(100)).max(100).optional(),
});
const AgentId = z.object({ id: z.string({ error: '请选择智能体' }).trim().min(1, '请选择智能体').max(100) });
const Code = z.string({ error: '请选择模型或智能体' }).trim().min(1, '请选择模型或智能体').max(200);
const PublicQuery = Paging.extend({ keyWord: z.string().max(1_000).optional(), kind1: Category.optional().or(z.literal('').transform(() => undefined)) });

/** The agent calls of spec chat §7 (contracts agents.ts), and the built-in apps' icons. */
export async function agentsRoutes(app: ModuleApp, { service, requireUser, userIdOf }: AgentsRouteOptions): Promise<void> {
  app.get<{ Params: { file: string } }>('/public/agent-icons/:file', async (request, reply) => sendSvgIcon(AGENT_ICONS, request.params.file, reply));
  app.get(`${AGENT_IMAGE_PATH.slice(API_PREFIX.length)}/:uploadId`, { schema: { params: z.object({ uploadId: z.string().max(100) }) } }, async (request, reply) => {
    const image = await service.image(request.params.uploadId);
    if (!image) return reply.status(404).send(fail(404, '图片不存在'));
    return reply
      .header('content-type', image.mime)
      .header('content-length', image.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .send(image.open());
  });

  // Signed out too: share links, the square and the public plug-ins with their category tabs.
  app.get(`${BASE}/getAppByCode`, { schema: { querystring: z.object({ gptsId: Code }) } }, async (request) => ok(await service.byCode(request.query.gptsId, await userIdOf(request))));
  app.get(`${BASE}/getAppByType`, async () => ok(await service.categories()));
  app.post(`${BASE}/getPublicApp`, { schema: { body: orEmpty(PublicQuery) } }, async (request) =>
    ok(await service.publicAgents(request.body, await userIdOf(request), { withExtensions: false })),
  );
  app.post(`${BASE}/getPubFuncCallApp`, { schema: { body: orEmpty(PublicQuery) } }, async (request) =>
    ok(await service.publicAgents(request.body, await userIdOf(request), { withExtensions: true })),
  );

  await app.register(async (signedIn: ModuleApp) => {
    signedIn.addHook('preValidation', requireUser);
    const me = (request: FastifyRequest) => currentUser(request).id;
    signedIn.post(`${BASE}/appPage`, { schema: { body: orEmpty(Paging) } }, async (request) => ok(await service.builtIn(request.body, me(request))));
    signedIn.post(`${BASE}/getMyApp`, { schema: { body: orEmpty(Paging.extend({ funcCall: z.boolean().optional() })) } }, async (request) => ok(await service.mine(me(request), request.body)));
    signedIn.post(`${BASE}/favAppPage`, { schema: { body: orEmpty(Paging) } }, async (request) => ok(await service.favourites(me(request), request.body)));
    signedIn.post(`${BASE}/createApp`, { schema: { body: orEmpty(AgentInput) } }, async (request) =>
      ok(await service.create(me(request), { ...request.body, appName: request.body.appName ?? '', description: request.body.description ?? '', systemPrompt: request.body.systemPrompt ?? '' })),
    );
    signedIn.post(`${BASE}/updateApp`, { schema: { body: orEmpty(AgentInput.extend(AgentId.shape)) } }, async (request) => {
      const { id, ...input } = request.body;
      return ok(await service.update(me(request), id, input));
    });
    signedIn.post(`${BASE}/deleteApp`, { schema: { body: orEmpty(AgentId) } }, async (request) => ok(await service.remove(me(request), request.body.id)));
    signedIn.post(`${BASE}/addOrUpdateFavApp`, { schema: { body: orEmpty(z.object({ appName: z.string().max(1_000), code: Code, coment: z.string().max(5_000).default('') })) } }, async (request) =>
      ok(await service.favourite(me(request), request.body)),
    );
    signedIn.post(`${BASE}/delFavApp`, { schema: { body: orEmpty(z.object({ code: Code })) } }, async (request) => ok(await service.unfavourite(me(request), request.body.code)));
  });
}
