import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { badSample, VOICE_LIMITS, VOICE_MESSAGES } from './codes.js';
import type { VoicesService } from './service.js';

export interface VoicesRouteOptions {
  service: VoicesService;
  requireUser: preHandlerAsyncHookHandler;
}

const Id = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(64, missing);
const SampleRef = z.object({ id: Id(VOICE_MESSAGES.sampleNotFound) });
const VoiceRef = z.object({ id: Id(VOICE_MESSAGES.voiceNotFound) });
const chars = (text: string) => [...text].length;

const CloneBody = z.object({
  name: z
    .string({ error: VOICE_MESSAGES.nameEmpty })
    .trim()
    .min(1, VOICE_MESSAGES.nameEmpty)
    .refine((name) => chars(name) <= VOICE_LIMITS.nameMax, VOICE_MESSAGES.nameTooLong),
  sampleId: Id(VOICE_MESSAGES.sampleNotFound),
  consent: z.boolean({ error: VOICE_MESSAGES.consentMissing }).default(false),
  transcript: z
    .string()
    .trim()
    .refine((text) => chars(text) <= VOICE_LIMITS.transcriptMax, VOICE_MESSAGES.transcriptTooLong)
    .default(''),
});

const TryBody = z.object({
  voiceId: Id(VOICE_MESSAGES.voiceNotFound),
  text: z
    .string({ error: VOICE_MESSAGES.textEmpty })
    .trim()
    .min(1, VOICE_MESSAGES.textEmpty)
    .refine((text) => chars(text) <= VOICE_LIMITS.tryTextMax, VOICE_MESSAGES.textTooLong),
});

/** The one file of a multipart form (field `file`), at most VOICE_LIMITS.sampleMaxBytes. */
async function readSample(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badSample(VOICE_MESSAGES.noFile);
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') data = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badSample(VOICE_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badSample('一次只能上传一个音频文件');
    request.log.info({ err: error }, 'unreadable voice sample upload');
    throw badSample(VOICE_MESSAGES.formUnreadable);
  }
  if (!data || data.length === 0) throw badSample(VOICE_MESSAGES.noFile);
  return data;
}

/** Voice cloning (contracts/src/voices.ts): samples, clones, trying a voice, deleting. */
export async function voicesRoutes(app: ModuleApp, { service, requireUser }: VoicesRouteOptions): Promise<void> {
  app.get('/tts/capabilities', async () => ok(service.capabilities()));

  await app.register(async (user: ModuleApp) => {
    user.addHook('preValidation', requireUser);
    const me = (request: FastifyRequest) => currentUser(request).id;

    user.get('/tts/samples', async (request) => ok(await service.samples(me(request))));
    user.post('/tts/deleteSample', { schema: { body: orEmpty(SampleRef) } }, async (request) => ok(await service.deleteSample(me(request), request.body.id)));
    user.post('/tts/sampleAudio', { schema: { body: orEmpty(SampleRef) } }, async (request, reply) => {
      const object = await service.sampleAudio(me(request), request.body.id);
      return reply.header('content-type', object.contentType).header('content-length', object.size).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(object.body);
    });

    user.post('/tts/clone', { schema: { body: orEmpty(CloneBody) } }, async (request) => ok(await service.clone(me(request), request.body)));
    user.get('/tts/voices', async (request) => ok(await service.voices(me(request))));
    user.get('/tts/voice', { schema: { querystring: VoiceRef } }, async (request) => ok(await service.voice(me(request), request.query.id)));
    user.post('/tts/deleteVoice', { schema: { body: orEmpty(VoiceRef) } }, async (request) => ok(await service.deleteVoice(me(request), request.body.id)));
    user.post('/tts/try', { schema: { body: orEmpty(TryBody) } }, async (request, reply) => {
      const mp3 = await service.speak({ owner: me(request), voiceId: request.body.voiceId, text: request.body.text, speed: 1 });
      return reply.header('content-type', 'audio/mpeg').header('content-length', mp3.length).header('cache-control', 'no-store').send(mp3);
    });

    // Multipart in this scope only: one file up to the sample limit.
    await user.register(async (uploads: ModuleApp) => {
      await uploads.register(fastifyMultipart, { limits: { files: 1, fileSize: VOICE_LIMITS.sampleMaxBytes, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 } });
      uploads.post('/tts/uploadWav', async (request) => ok(await service.upload(me(request), await readSample(request))));
    });
  });
}
