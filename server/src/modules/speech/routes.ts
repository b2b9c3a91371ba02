import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { orEmpty, type ModuleApp } from '../module.js';
import { z } from 'zod';
import { CLONE_VOICE_PREFIX } from '@qiming/contracts';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { SPEED_RANGE, SPEECH_MODELS, VOICES } from '../users/service.js';
import { SPEECH_LIMITS, SPEECH_MESSAGES, speechError } from './codes.js';
import type { SpeechService } from './service.js';
import type { AudioUpload } from './transcriber.js';

export interface SpeechRouteOptions {
  service: SpeechService;
  requireUser: preHandlerAsyncHookHandler;
}

const BASE = '/backend-api';
const { defaults } = SPEECH_LIMITS;

/** spec chat §7 generateSpeech; a missing field takes the spec's default (§9), a missing input is empty. */
const SpeechBody = z.object({
  model: z.enum(SPEECH_MODELS, { error: `朗读模型只能是 ${SPEECH_MODELS.join('、')}` }).default(defaults.model as (typeof SPEECH_MODELS)[number]),
  input: z.string({ error: '朗读内容必须是文字' }).default(''),
  voice: z
    .union([z.enum(VOICES), z.templateLiteral([CLONE_VOICE_PREFIX, z.string().regex(/^[\w-]{1,64}$/)])], { error: `音色只能是 ${VOICES.join('、')} 或复刻的音色` })
    .default(defaults.voice as (typeof VOICES)[number]),
  response_format: z.literal('mp3', { error: '音频格式只支持 mp3' }).default('mp3'),
  speed: z
    .number({ error: '语速必须是数字' })
    .min(SPEED_RANGE.min, `语速不能小于 ${SPEED_RANGE.min}`)
    .max(SPEED_RANGE.max, `语速不能大于 ${SPEED_RANGE.max}`)
    .default(defaults.speed),
  /** The client's name for this request, to ask getSpeechQueue where it is. */
  ticket: z.string().regex(/^[\w-]{8,64}$/, '排队凭据不正确').optional(),
});

const QueueQuery = z.object({ ticket: z.string().regex(/^[\w-]{8,64}$/, '排队凭据不正确') });

/** The recording: the multipart file field `audio` (≤ 25 MB); null when there is none. */
async function readAudio(app: FastifyInstance, request: FastifyRequest): Promise<AudioUpload | null> {
  if (!request.isMultipart()) return null;
  try {
    const part = await request.file();
    if (!part) return null;
    if (part.fieldname !== 'audio') {
      part.file.resume();
      return null;
    }
    return { bytes: await part.toBuffer(), filename: part.filename, mimeType: part.mimetype };
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw speechError('audioTooLarge', SPEECH_MESSAGES.audioTooLarge);
    // Anything else here is the upload itself: no boundary, cut off, malformed part headers.
    request.log.info({ err: error }, 'unreadable audio upload');
    throw speechError('audioMissing', SPEECH_MESSAGES.audioUnreadable);
  }
}

/** Read-aloud (generateSpeech), voice input (getTranscribeAudio) and what this server offers of both. */
export async function speechRoutes(app: ModuleApp, { service, requireUser }: SpeechRouteOptions): Promise<void> {
  app.get(`${BASE}/getSpeechCapabilities`, async () => ok(service.capabilities()));

  await app.register(async (user: ModuleApp) => {
    user.addHook('preValidation', requireUser);
    // Multipart only in this scope: one file, a few small fields, the recording limit of the spec.
    await user.register(fastifyMultipart, {
      limits: { fileSize: SPEECH_LIMITS.audioMaxBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 11, headerPairs: 100 },
    });

    user.post(`${BASE}/generateSpeech`, { schema: { body: orEmpty(SpeechBody) } }, async (request, reply) => {
      const { ticket, ...speech } = request.body;
      const mp3 = await service.speak(speech, { owner: currentUser(request).id, ticket });
      return reply.header('content-type', 'audio/mpeg').header('content-length', mp3.length).header('cache-control', 'no-store').send(mp3);
    });

    // A request's place in the local synthesizer's queue; only the caller's own tickets are found.
    user.get(`${BASE}/getSpeechQueue`, { schema: { querystring: QueueQuery } }, async (request) =>
      ok(service.queueStatus({ owner: currentUser(request).id, ticket: request.query.ticket })),
    );

    // The recording is multipart, read in the handler (readAudio): no schema describes a file stream.
    user.post(`${BASE}/getTranscribeAudio`, async (request) => {
      return ok(await service.transcribe(() => readAudio(user, request)));
    });
  });
}
