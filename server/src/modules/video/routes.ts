import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { VIDEO_ASPECTS, VIDEO_KINDS, VIDEO_LIMITS, type VideoCall } from '@qiming/contracts';
import { ok } from '../../http/envelope.js';
import { etagMatches } from '../../http/etag.js';
import { currentUser } from '../../http/requestUser.js';
import { apiRoute, orEmpty, type ModuleApp } from '../module.js';
import { VIDEO_MESSAGES } from './codes.js';
import { rangeOf, sliceOf, type VideoFile, type VideoFiles } from './files.js';
import type { VideoService } from './service.js';
import { VIDEO_PATH } from './urls.js';

export interface VideoRouteOptions {
  service: VideoService;
  files: VideoFiles;
  requireUser: preHandlerAsyncHookHandler;
}

const TaskId = z.string({ error: VIDEO_MESSAGES.taskNotFound }).trim().min(1, VIDEO_MESSAGES.taskNotFound).max(64, VIDEO_MESSAGES.taskNotFound);
const Create = z.object({
  model: z.string({ error: VIDEO_MESSAGES.unknownModel }).trim().min(1, VIDEO_MESSAGES.unknownModel).max(64),
  kind: z.enum(VIDEO_KINDS, { error: '请选择文生视频或图生视频' }).default('text2video'),
  prompt: z.string({ error: '请输入视频描述' }).trim().min(1, '请输入视频描述').max(VIDEO_LIMITS.prompt, `视频描述不能超过${VIDEO_LIMITS.prompt}个字`),
  duration: z.number({ error: '请选择视频时长' }).int('请选择视频时长'),
  aspect: z.enum(VIDEO_ASPECTS, { error: '请选择画面比例' }),
  firstFrame: z.string().trim().max(64).optional(),
});
const PageQuery = z.object({ pageNo: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(50).default(VIDEO_LIMITS.pageSize) });
const TaskRef = z.object({ taskId: TaskId });
const LinkQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional(), download: z.literal('1').optional() });

/**
 * Sends a clip or poster: byte ranges (206, so the player can seek; 416 past the end), ETag / 304,
 * the stored type, inline or as an attachment with its file name.
 */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: VideoFile, download: boolean): FastifyReply {
  const { object } = file;
  const name = file.downloadName;
  reply
    .header('etag', object.etag)
    .header('cache-control', file.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('last-modified', object.lastModified.toUTCString())
    .header('content-disposition', download ? `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}` : 'inline');
  if (etagMatches(request.headers['if-none-match'], object.etag)) {
    object.body.destroy();
    return reply.status(304).send();
  }
  reply.header('content-type', object.contentType);
  const range = rangeOf(request.headers.range, object.size);
  if (range === 'unsatisfiable') {
    object.body.destroy();
    return reply.status(416).header('content-range', `bytes */${object.size}`).send();
  }
  if (!range) return reply.header('content-length', object.size).send(object.body);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(sliceOf(object.body, range.start, range.end));
}

/** AI video (contracts/src/video.ts) and its files. */
export async function videoRoutes(app: ModuleApp, { service, files, requireUser }: VideoRouteOptions): Promise<void> {
  // The files: no login and no request signature (a <video> sends neither); the link decides.
  for (const [suffix, variant] of [['', 'video'], ['/poster', 'poster']] as const) {
    app.get(`${apiRoute(VIDEO_PATH)}/:id${suffix}`, { schema: { params: z.object({ id: z.string().max(64) }), querystring: LinkQuery } }, async (request, reply) =>
      sendFile(request, reply, await files.open(request.params.id, variant, request.query), request.query.download === '1'),
    );
  }

  // Signed out may read the models: the page shows its choices before asking to log in.
  app.get('/video/getModels', async () => ok(service.models()));

  await app.register(async (user: ModuleApp) => {
    user.addHook('preValidation', requireUser);
    const me = (request: FastifyRequest) => currentUser(request).id;
    for (const call of ['createTask', 'createSoraTask'] as const satisfies readonly VideoCall[]) {
      user.post(`/video/${call}`, { schema: { body: orEmpty(Create) } }, async (request) => ok(await service.submit(me(request), call, request.body)));
    }
    user.post('/video/queryTaskPage', { schema: { body: orEmpty(PageQuery) } }, async (request) => ok(await service.page(me(request), request.body)));
    user.post('/video/queryTaskStatus', { schema: { body: orEmpty(TaskRef) } }, async (request) => ok(await service.task(me(request), request.body.taskId)));
    user.post('/video/deleteByTaskId', { schema: { body: orEmpty(TaskRef) } }, async (request) => ok(await service.delete(me(request), request.body.taskId)));
  });
}
