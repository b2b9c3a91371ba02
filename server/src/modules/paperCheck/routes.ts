import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { PAPER_CHECK_LIMITS } from '@qiming/contracts';
import { AppError, ok } from '../../http/envelope.js';
import { currentUser } from '../../http/requestUser.js';
import { orEmpty, type ModuleApp } from '../module.js';
import { badDocument, PAPER_MESSAGES } from './codes.js';
import type { PaperCheckService } from './service.js';

export interface PaperCheckRouteOptions {
  service: PaperCheckService;
  requireUser: preHandlerAsyncHookHandler;
}

const Id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
const Start = z.object({ documentId: Id(PAPER_MESSAGES.documentNotFound) });
const Ref = z.object({ checkId: Id(PAPER_MESSAGES.checkNotFound) });
const List = z.object({ pageNo: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(100).default(PAPER_CHECK_LIMITS.pageSize) });

/** The one file of the form, whole (at most PAPER_CHECK_LIMITS.maxBytes), or a Chinese refusal. */
async function readPaper(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw badDocument(PAPER_MESSAGES.noFile);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw badDocument(PAPER_MESSAGES.tooLarge);
      if (!part.filename && bytes.length === 0) break;
      return { name: part.filename, bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badDocument(PAPER_MESSAGES.tooLarge);
    throw new AppError(400, PAPER_MESSAGES.badForm);
  }
  throw badDocument(PAPER_MESSAGES.noFile);
}

/** Paper AIGC check (contracts/src/paperCheck.ts): aigc/uploadDoc, aigc/check, aigc/checkV2 and the history around them. */
export async function paperCheckRoutes(app: ModuleApp, { service, requireUser }: PaperCheckRouteOptions): Promise<void> {
  // Signed out may read the detectors and their prices.
  app.get('/aigc/functions', async () => ok(service.functions()));

  await app.register(async (user: ModuleApp) => {
    await user.register(fastifyMultipart, { limits: { files: 1, fileSize: PAPER_CHECK_LIMITS.maxBytes, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 100 } });
    user.addHook('preValidation', requireUser);
    const me = (request: FastifyRequest) => currentUser(request).id;

    user.post('/aigc/uploadDoc', async (request) => ok(await service.upload(me(request), await readPaper(request))));
    user.post('/aigc/check', { schema: { body: orEmpty(Start) } }, async (request) => ok(await service.start(me(request), request.body.documentId, 'standard')));
    user.post('/aigc/checkV2', { schema: { body: orEmpty(Start) } }, async (request) => ok(await service.start(me(request), request.body.documentId, 'v2')));
    user.post('/aigc/result', { schema: { body: orEmpty(Ref) } }, async (request) => ok(await service.read(me(request), request.body.checkId)));
    user.post('/aigc/list', { schema: { body: orEmpty(List) } }, async (request) => ok(await service.list(me(request), request.body)));
    user.post('/aigc/delete', { schema: { body: orEmpty(Ref) } }, async (request) => ok(await service.delete(me(request), request.body.checkId)));
  });
}
