import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/envelope.js';
import { chatError, CHAT_CODES } from '../conversations/codes.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { chunkBodies, frameOf, localizeFrame, sseMessage, SSE_DONE, type LogEntry } from './jobs/chunks.js';
import type { JobManager } from './jobs/jobManager.js';
import type { ChatService } from './service.js';
import { translatorFor, type Translator } from '../../locale/index.js';

const nullableText = z.string().nullish().transform((value) => value ?? null);

const UploadedFileSchema = z.object({
  knowledgeId: nullableText,
  fileContent: nullableText,
  url: nullableText,
  name: nullableText,
  actualName: nullableText,
  nameFromFront: nullableText,
});

/** spec chat §7; lenient where the client may send null or leave a field out. */
const StreamBodySchema = z.object({
  recentChatLen: z.number().int().min(0).max(100).default(4).transform((n) => Math.min(n, 8)),
  model: z.string().trim().min(1).max(200),
  stream: z.boolean().default(true),
  search: z.boolean().default(false),
  convGroupId: nullableText,
  parentConvId: nullableText,
  request: z.string().max(100_000).default(''),
  useContext: z.boolean().default(true),
  modelName: z.string().max(200).default(''),
  systemPrompt: z.string().optional(),
  useHong: z.boolean().default(false),
  knowledgeId: z.union([z.string(), z.number()]).nullish().transform((value) => (value == null ? null : String(value))),
  intelligentCode: nullableText,
  uploadedFiles: z.array(UploadedFileSchema).max(20).default([]),
  mcps: z.array(z.string().max(200)).max(50).optional(),
});

const JobQuerySchema = z.object({ chatId: z.string().min(1).max(128) });
const ResumeQuerySchema = z.object({ convId: z.string().min(1).max(128), after: z.coerce.number().int().min(0).default(0) });

export interface ChatRoutesOptions {
  service: ChatService;
  jobs: JobManager;
  requireUser: preHandlerHookHandler;
  /** The edition's language for the texts of the stream (error chunks, wait texts, progress lines). */
  translator?: Translator;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx and similar proxies would otherwise buffer the whole answer.
  'x-accel-buffering': 'no',
};

/** The gateway's calls under /app-api/backend-api/ (spec chat §7). */
export const chatRoutes = async (server: ModuleApp, { service, jobs, requireUser, translator = translatorFor('domestic') }: ChatRoutesOptions): Promise<void> => {
  server.post('/backend-api/getStream', { preValidation: requireUser, schema: { body: orEmpty(StreamBodySchema) } }, async (request, reply) => {
    const body = request.body;
    const userId = request.user!.id;
    if (!body.stream) {
      const started = await service.start(userId, body);
      const answer = await started.finished;
      const ids = { ...started.ids, title: started.title };
      if (!answer || answer.status === 'failed') return { code: CHAT_CODES.generationFailed.code, data: null, msg: answer?.error ?? CHAT_CODES.generationFailed.msg, ...ids };
      return { code: 0, data: answer.content, msg: '', ...ids, offlineDemo: answer.offlineDemo };
    }

    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, SSE_HEADERS);
    const closed = closeSignal(response);
    let entries: AsyncIterable<LogEntry>;
    try {
      const started = await service.start(userId, body);
      const attached = await jobs.attach(started.ids.convId, userId, 0, closed);
      entries = attached ?? single(errorEntry(chatError('generationNotFound')));
    } catch (error) {
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'getStream failed');
      entries = single(refusalEntry(error));
    }
    await pipeSse(response, entries, closed, translator);
  });

  server.get('/backend-api/resumeStream', { preValidation: requireUser, schema: { querystring: ResumeQuerySchema } }, async (request, reply) => {
    const { convId, after } = request.query;
    const lastEventId = Number(request.headers['last-event-id']);
    const from = Number.isInteger(lastEventId) && lastEventId > after ? lastEventId : after;
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, SSE_HEADERS);
    const closed = closeSignal(response);
    const attached = await jobs.attach(convId, request.user!.id, from, closed);
    await pipeSse(response, attached ?? single(errorEntry(chatError('generationNotFound'))), closed, translator);
  });

  server.get('/backend-api/checkChatId', { preValidation: requireUser, schema: { querystring: JobQuerySchema } }, async (request) => {
    const { chatId } = request.query;
    return { code: 0, data: await jobs.isRunning(chatId, request.user!.id), msg: '' };
  });

  server.get('/backend-api/stopChatId', { preValidation: requireUser, schema: { querystring: JobQuerySchema } }, async (request) => {
    const { chatId } = request.query;
    return { code: 0, data: { stopped: await jobs.stop(chatId, request.user!.id) }, msg: '' };
  });
};

/** Aborts when the client goes away (the job goes on; only this reader stops). */
function closeSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => controller.abort());
  return controller.signal;
}

/** Writes entries as SSE in the edition's language (localizeFrame), waiting for the socket to drain when the client reads slowly, then the done event. */
async function pipeSse(response: ServerResponse, entries: AsyncIterable<LogEntry>, closed: AbortSignal, translator: Translator): Promise<void> {
  try {
    for await (const entry of entries) {
      if (closed.aborted) return;
      if (!response.write(sseMessage({ seq: entry.seq, frame: localizeFrame(entry.frame, translator) }))) await Promise.race([once(response, 'drain'), once(closed, 'abort')]);
    }
    if (!closed.aborted) response.end(SSE_DONE);
  } catch {
    response.destroy();
  }
}

async function* single(entry: LogEntry): AsyncGenerator<LogEntry> {
  yield entry;
}

function errorEntry(error: AppError): LogEntry {
  return { seq: 1, frame: frameOf(1, chunkBodies.error(error.code, error.message)) };
}

/** A refusal before the job started, as one error chunk (stream); unexpected errors stay generic (logged by the caller). */
function refusalEntry(error: unknown): LogEntry {
  if (error instanceof AppError) return errorEntry(error);
  return errorEntry(new AppError(500, '服务器内部错误，请稍后重试'));
}
