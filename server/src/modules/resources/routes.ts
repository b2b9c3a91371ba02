import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RESOURCE_FEEDBACK_KINDS, RESOURCE_LIMITS } from '@qiming/contracts';
import { etagMatches } from '../../http/etag.js';
import { fail, ok } from '../../http/envelope.js';
import type { BlobStore } from '../../storage/index.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { ANON_COOKIE } from '../platform/visitor.js';
import { ICON_FILE, ICON_PREFIX, ICON_ROUTE } from './icons.js';
import type { ResourcesService } from './service.js';

export interface ResourcesRouteOptions {
  service: ResourcesService;
  blobs: BlobStore;
  userIdOf(request: FastifyRequest): Promise<string | null>;
}

const Feedback = z.object({
  itemId: z.string({ error: '请选择要反馈的资源' }).trim().min(1, '请选择要反馈的资源').max(40, '资源不存在或已下架'),
  kind: z.enum(RESOURCE_FEEDBACK_KINDS, { error: '请选择反馈类型' }),
  // The length is checked by the service after trimming, in characters (an emoji is one).
  text: z.string({ error: '反馈内容必须是文字' }).max(RESOURCE_LIMITS.feedbackText * 4, `反馈内容不能超过${RESOURCE_LIMITS.feedbackText}个字`).optional(),
});

/** The directory tree and feedback (signed in or not), and the icons ops uploaded. */
export async function resourcesRoutes(app: ModuleApp, { service, blobs, userIdOf }: ResourcesRouteOptions): Promise<void> {
  // spec platform §7 lists it among the POST calls, the chat spec as GET: both readings answer.
  const tree = async () => ok(await service.tree());
  app.get('/resource/getAllItemsTree', tree);
  app.post('/resource/getAllItemsTree', tree);

  app.post('/resource/feedback', { schema: { body: orEmpty(Feedback) } }, async (request) => {
    const userId = await userIdOf(request);
    await service.feedback(request.body, { userId, anonymousId: request.cookies[ANON_COOKIE] ?? null, ip: request.ip });
    return ok(null);
  });

  // Unsigned (/app-api/public/): <img> loads them. The name carries the content hash: immutable.
  app.get<{ Params: { file: string } }>(`${ICON_ROUTE}/:file`, async (request, reply) => {
    const object = ICON_FILE.test(request.params.file) ? await blobs.get(`${ICON_PREFIX}${request.params.file}`) : null;
    if (!object) return reply.status(404).send(fail(404, '图标不存在'));
    reply
      .header('etag', object.etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // An SVG opened as a page of its own runs nothing and loads nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (etagMatches(request.headers['if-none-match'], object.etag)) {
      object.body.destroy();
      return reply.status(304).send();
    }
    return reply.header('content-type', object.contentType).header('content-length', object.size).send(object.body);
  });
}
