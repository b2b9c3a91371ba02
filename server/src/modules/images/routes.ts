import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ASPECT_RATIOS, IMAGE_LIMITS, type ImageAction } from '@qiming/contracts';
import { AppError, ok } from '../../http/envelope.js';
import { etagMatches } from '../../http/etag.js';
import { currentUser } from '../../http/requestUser.js';
import { apiRoute, orEmpty, type ModuleApp } from '../module.js';
import { badReference, IMAGE_MESSAGES } from './codes.js';
import type { ImageFile, ImageFiles, ImagesService, TaskDraft } from './service.js';
import { styleOf } from './styles.js';
import { IMAGE_PATH, REFERENCE_PATH } from './urls.js';

export interface ImagesRouteOptions {
  service: ImagesService;
  files: ImageFiles;
  requireUser: preHandlerAsyncHookHandler;
  userIdOf(request: FastifyRequest): Promise<string | null>;
}

const KINDS = ['txt2img', 'img2img', 'imagine', 'action', 'blend', 'describe', 'swapFace'] as const;
const ACTIONS = ['U1', 'U2', 'U3', 'U4', 'V1', 'V2', 'V3', 'V4', 'reroll'] as const satisfies readonly ImageAction[];

const Id = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(64);
const ReferenceId = Id(IMAGE_MESSAGES.referenceNotFound);
const Model = Id(IMAGE_MESSAGES.unknownModel);
const Prompt = z.string().trim().max(IMAGE_LIMITS.prompt, `提示词不能超过${IMAGE_LIMITS.prompt}个字`);
const RequiredPrompt = z.string({ error: '请输入提示词' }).trim().min(1, '请输入提示词').max(IMAGE_LIMITS.prompt, `提示词不能超过${IMAGE_LIMITS.prompt}个字`);
const NegativePrompt = z.string().trim().max(IMAGE_LIMITS.negativePrompt, `反向提示词不能超过${IMAGE_LIMITS.negativePrompt}个字`).default('');
const Aspect = z.enum(ASPECT_RATIOS, { error: '不支持的图片比例' }).default('1:1');
const Style = z
  .string()
  .max(50)
  .nullish()
  .refine((key) => !key || styleOf(key) !== undefined, '风格不存在，请重新选择')
  .transform((key) => key || null);
const Seed = z.number().int().min(0).max(4_294_967_295).nullish().transform((seed) => seed ?? null);
const References = (min: number) => z.array(ReferenceId).min(min, min > 1 ? `请上传至少${min}张参考图片` : '请上传参考图片').max(IMAGE_LIMITS.maxReferences, `参考图片最多${IMAGE_LIMITS.maxReferences}张`);

const PromptFields = { model: Model, prompt: RequiredPrompt, negativePrompt: NegativePrompt, aspect: Aspect, style: Style, seed: Seed };
const Txt2Img = z.object({ ...PromptFields, count: z.number().int().min(1).max(IMAGE_LIMITS.maxCount, `每次最多生成${IMAGE_LIMITS.maxCount}张`).default(1) });
const Img2Img = Txt2Img.extend({ images: References(1), strength: z.number().min(0.1).max(1).default(0.6) });
const CreateJob = z.discriminatedUnion('kind', [Txt2Img.extend({ kind: z.literal('txt2img') }), Img2Img.extend({ kind: z.literal('img2img') })], { error: '请选择生成方式' });
const Imagine = z.object({ ...PromptFields, images: References(0).default([]) });
const Action = z.object({ taskId: Id(IMAGE_MESSAGES.taskNotFound), action: z.enum(ACTIONS, { error: '不支持的操作' }) });
const Blend = z.object({ model: Model, images: References(2), aspect: Aspect });
const SwapFace = z.object({ model: Model, sourceImage: ReferenceId, targetImage: ReferenceId });
const Describe = z.object({ model: Model, image: ReferenceId });

const PageFields = (pageSize: number) => ({ pageNo: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(100).default(pageSize) });
const History = z.object({ ...PageFields(IMAGE_LIMITS.pageSize), kind: z.enum(KINDS).optional() });
const Gallery = z.object({ ...PageFields(IMAGE_LIMITS.galleryPageSize), sort: z.enum(['newest', 'likes']).default('newest') });
const Share = z.object({ imageId: Id(IMAGE_MESSAGES.imageNotFound), share: z.boolean({ error: 'share 必须是 true 或 false' }) });
const ImageRef = z.object({ imageId: Id(IMAGE_MESSAGES.imageNotFound) });
const LinkQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/** The parts of a submit that a kind leaves out. */
const draft = (fields: Partial<TaskDraft> & Pick<TaskDraft, 'kind' | 'model'>): TaskDraft => ({
  prompt: '',
  negativePrompt: '',
  style: null,
  aspect: '1:1',
  count: 1,
  seed: null,
  references: [],
  strength: 0.6,
  ...fields,
});

const toDraft = (kind: 'txt2img' | 'img2img', body: z.infer<typeof Txt2Img> & { images?: string[]; strength?: number }): TaskDraft =>
  draft({ kind, model: body.model, prompt: body.prompt, negativePrompt: body.negativePrompt, style: body.style, aspect: body.aspect, count: body.count, seed: body.seed, references: body.images ?? [], strength: body.strength ?? 0.6 });

/** Sends a stored image with its cache rule; 304 when the client's copy is current. */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: ImageFile): FastifyReply {
  const { object } = file;
  reply.header('etag', object.etag).header('cache-control', file.cacheControl).header('x-content-type-options', 'nosniff');
  if (etagMatches(request.headers['if-none-match'], object.etag)) {
    object.body.destroy();
    return reply.status(304).send();
  }
  return reply
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('last-modified', object.lastModified.toUTCString())
    .header('content-disposition', 'inline')
    .send(object.body);
}

/** Reads the one file of a multipart form (field `file`) into memory: at most IMAGE_LIMITS.referenceMaxBytes. */
async function readReference(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, IMAGE_MESSAGES.noFile);
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') data = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badReference(IMAGE_MESSAGES.referenceTooLarge);
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, '一次只能上传一张图片');
    throw new AppError(400, '上传的表单格式不正确，请重新选择图片');
  }
  if (!data || data.length === 0) throw new AppError(400, IMAGE_MESSAGES.noFile);
  return data;
}

/** AI drawing, reference uploads, the gallery and the image files (contracts/src/images.ts). */
export async function imagesRoutes(app: ModuleApp, { service, files, requireUser, userIdOf }: ImagesRouteOptions): Promise<void> {
  // The files: no login and no request signature (an <img> sends neither); the link decides.
  app.get(`${apiRoute(IMAGE_PATH)}/:id`, { schema: { params: z.object({ id: z.string().max(64) }), querystring: LinkQuery } }, async (request, reply) =>
    sendFile(request, reply, await files.image(request.params.id, 'original', request.query)),
  );
  app.get(`${apiRoute(IMAGE_PATH)}/:id/thumb`, { schema: { params: z.object({ id: z.string().max(64) }), querystring: LinkQuery } }, async (request, reply) =>
    sendFile(request, reply, await files.image(request.params.id, 'thumb', request.query)),
  );
  app.get(`${apiRoute(REFERENCE_PATH)}/:id`, { schema: { params: z.object({ id: z.string().max(64) }), querystring: LinkQuery } }, async (request, reply) =>
    sendFile(request, reply, await files.reference(request.params.id, request.query)),
  );

  // Signed out may read these.
  app.get('/sd/getFunctions', async () => ok(service.functions()));
  app.post('/sdImg/listSdImgShare', { schema: { body: orEmpty(Gallery) } }, async (request) => ok(await service.gallery(await userIdOf(request), request.body)));

  await app.register(async (user: ModuleApp) => {
    user.addHook('preValidation', requireUser);
    const me = (request: FastifyRequest) => currentUser(request).id;

    user.post('/sd/txt2img', { schema: { body: orEmpty(Txt2Img) } }, async (request) => ok(await service.submit(me(request), toDraft('txt2img', request.body))));
    user.post('/sd/img2img', { schema: { body: orEmpty(Img2Img) } }, async (request) => ok(await service.submit(me(request), toDraft('img2img', request.body))));
    user.post('/sd/createJob', { schema: { body: orEmpty(CreateJob) } }, async (request) => ok(await service.submit(me(request), toDraft(request.body.kind, request.body))));
    user.post('/sd/queryTaskHistory', { schema: { body: orEmpty(History) } }, async (request) => ok(await service.history(me(request), request.body)));
    user.get('/sd/getImgByReqId', { schema: { querystring: z.object({ reqId: Id(IMAGE_MESSAGES.taskNotFound) }) } }, async (request) => ok(await service.task(me(request), request.query.reqId)));
    user.get('/sd/deleteTaskById', { schema: { querystring: z.object({ id: Id(IMAGE_MESSAGES.taskNotFound) }) } }, async (request) => ok(await service.delete(me(request), request.query.id)));

    user.post('/backend-api/mjPainter', { schema: { body: orEmpty(Imagine) } }, async (request) => {
      const body = request.body;
      return ok(await service.submit(me(request), draft({ kind: 'imagine', model: body.model, prompt: body.prompt, negativePrompt: body.negativePrompt, style: body.style, aspect: body.aspect, seed: body.seed, references: body.images })));
    });
    user.post('/backend-api/mjAction', { schema: { body: orEmpty(Action) } }, async (request) => ok(await service.act(me(request), request.body.taskId, request.body.action)));
    user.post('/backend-api/mjBlend', { schema: { body: orEmpty(Blend) } }, async (request) =>
      ok(await service.submit(me(request), draft({ kind: 'blend', model: request.body.model, aspect: request.body.aspect, references: request.body.images }))),
    );
    user.post('/backend-api/swapFace', { schema: { body: orEmpty(SwapFace) } }, async (request) =>
      ok(await service.submit(me(request), draft({ kind: 'swapFace', model: request.body.model, references: [request.body.sourceImage, request.body.targetImage] }))),
    );
    user.post('/backend-api/mjDescribe', { schema: { body: orEmpty(Describe) } }, async (request) =>
      ok(await service.submit(me(request), draft({ kind: 'describe', model: request.body.model, references: [request.body.image] }))),
    );
    user.get('/backend-api/getMjTaskInfo', { schema: { querystring: z.object({ taskId: Id(IMAGE_MESSAGES.taskNotFound) }) } }, async (request) => ok(await service.task(me(request), request.query.taskId)));

    user.post('/sdImg/share', { schema: { body: orEmpty(Share) } }, async (request) => ok(await service.share(me(request), request.body.imageId, request.body.share)));
    user.get('/sdImg/like', { schema: { querystring: ImageRef } }, async (request) => ok(await service.like(me(request), request.query.imageId, true)));
    user.get('/sdImg/unlike', { schema: { querystring: ImageRef } }, async (request) => ok(await service.like(me(request), request.query.imageId, false)));

    // Multipart in this scope only: one file up to the reference limit.
    await user.register(async (uploads: ModuleApp) => {
      await uploads.register(fastifyMultipart, { limits: { files: 1, fileSize: IMAGE_LIMITS.referenceMaxBytes, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 } });
      for (const path of ['/sd/uploadImg', '/sd/uploadResource']) {
        uploads.post(path, async (request) => ok(await service.addReference(me(request), await readReference(request))));
      }
    });
  });
}
