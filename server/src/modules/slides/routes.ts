import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { SLIDE_LIMITS, SLIDE_TEMPLATE_IDS } from '@qiming/contracts';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { SLIDE_MESSAGES } from './codes.js';
import type { SlidesService } from './service.js';

export interface SlidesRouteOptions {
  service: SlidesService;
  requireUser: preHandlerAsyncHookHandler;
}

const DeckId = z.string({ error: SLIDE_MESSAGES.deckNotFound }).trim().min(1, SLIDE_MESSAGES.deckNotFound).max(64, SLIDE_MESSAGES.deckNotFound);
const Template = z.enum(SLIDE_TEMPLATE_IDS, { error: '模板不存在，请重新选择' });
const Title = (what: string, max: number) => z.string({ error: `请填写${what}` }).trim().min(1, `请填写${what}`).max(max, `${what}不能超过${max}个字`);

const Outline = z.object({
  title: Title('演示标题', SLIDE_LIMITS.title),
  sections: z
    .array(
      z.object({
        title: z.string({ error: SLIDE_MESSAGES.outlineEmptyTitle }).trim().min(1, SLIDE_MESSAGES.outlineEmptyTitle).max(SLIDE_LIMITS.sectionTitle, `章节标题不能超过${SLIDE_LIMITS.sectionTitle}个字`),
        points: z
          .array(z.string().trim().max(SLIDE_LIMITS.point, `要点不能超过${SLIDE_LIMITS.point}个字`))
          .max(SLIDE_LIMITS.maxPoints, `每个章节最多${SLIDE_LIMITS.maxPoints}个要点`)
          .transform((points) => points.filter(Boolean)),
      }),
    )
    .min(SLIDE_LIMITS.minSlides - 1, SLIDE_MESSAGES.outlineTooShort)
    .max(SLIDE_LIMITS.maxSlides - 1, `大纲最多${SLIDE_LIMITS.maxSlides - 1}个章节`),
});

const Create = z.object({
  topic: z.string().trim().max(SLIDE_LIMITS.topic, `主题不能超过${SLIDE_LIMITS.topic}个字`).optional(),
  uploadId: z.string().trim().max(64).optional().transform((id) => id || undefined),
  slideCount: z.number({ error: '页数必须是数字' }).int().min(SLIDE_LIMITS.minSlides, `页数至少${SLIDE_LIMITS.minSlides}页`).max(SLIDE_LIMITS.maxSlides, `页数最多${SLIDE_LIMITS.maxSlides}页`).default(SLIDE_LIMITS.defaultSlides),
  templateId: Template.default('aurora'),
});
const Ref = z.object({ deckId: DeckId });
const Start = z.object({ deckId: DeckId, templateId: Template, outline: Outline.optional() });
const Save = z.object({ deckId: DeckId, outline: Outline });
const Rename = z.object({ deckId: DeckId, title: Title('名称', SLIDE_LIMITS.title) });
const List = z.object({ pageNo: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(100).default(SLIDE_LIMITS.pageSize) });

/** AI slides (contracts/src/slides.ts): ppt/createToken, ppt/success, ppt/start and the deck calls around them. */
export async function slidesRoutes(app: ModuleApp, { service, requireUser }: SlidesRouteOptions): Promise<void> {
  // Signed out may read what a deck costs and which templates there are.
  app.get('/ppt/functions', async () => ok(service.functions()));

  await app.register(async (user: ModuleApp) => {
    user.addHook('preValidation', requireUser);
    const me = (request: FastifyRequest) => currentUser(request).id;

    user.post('/ppt/createToken', { schema: { body: orEmpty(Create) } }, async (request) => ok(await service.create(me(request), request.body)));
    user.post('/ppt/success', { schema: { body: orEmpty(Ref) } }, async (request) => ok(await service.read(me(request), request.body.deckId)));
    user.post('/ppt/start', { schema: { body: orEmpty(Start) } }, async (request) => ok(await service.start(me(request), request.body.deckId, request.body.templateId, request.body.outline)));
    user.post('/ppt/saveOutline', { schema: { body: orEmpty(Save) } }, async (request) => ok(await service.saveOutline(me(request), request.body.deckId, request.body.outline)));
    user.post('/ppt/rewriteOutline', { schema: { body: orEmpty(Ref) } }, async (request) => ok(await service.rewriteOutline(me(request), request.body.deckId)));
    user.post('/ppt/list', { schema: { body: orEmpty(List) } }, async (request) => ok(await service.list(me(request), request.body)));
    user.post('/ppt/rename', { schema: { body: orEmpty(Rename) } }, async (request) => ok(await service.rename(me(request), request.body.deckId, request.body.title)));
    user.post('/ppt/delete', { schema: { body: orEmpty(Ref) } }, async (request) => ok(await service.delete(me(request), request.body.deckId)));
  });
}
