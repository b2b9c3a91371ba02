import path from 'node:path';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import type { SharedState } from '../../sharedState/index.js';
import type { ServerModule } from '../module.js';
import { OcrEngine, prepareLanguageDir, type TextRecognizer } from './extract/index.js';
import { UploadFileStore } from './fileStore.js';
import { ParseLock } from './parseLock.js';
import { UploadsRepository } from './repository.js';
import { uploadsRoutes } from './routes.js';
import { UploadsService } from './service.js';

export { UploadsService, UPLOADED_FILE_PATH, UPLOAD_MESSAGES, type UploadedImage } from './service.js';
export { UPLOAD_PATHS } from './routes.js';
export { parsingKey } from './parseLock.js';
export type { UploadsConfig } from './config.js';
export type { UploadRow } from './repository.js';

export interface UploadsDependencies {
  db: Kysely<Database>;
  config: ServerConfig;
  sharedState: SharedState;
  now: Clock;
  log: Log;
  requireUser: preHandlerAsyncHookHandler;
  /** Reads text from uploaded images; default: Tesseract (when UPLOAD_OCR is on). */
  ocr?: TextRecognizer;
}

/** The parse marker outlives the parse time limit by this much, in case an instance dies while parsing. */
const LOCK_MARGIN_SECONDS = 30;

/** Chat uploads (uploadChatKnowledge2 and its aliases, uploadedFile/:knowledgeId); close ends the OCR worker. */
export function createUploadsModule({ db, config, sharedState, now, log, requireUser, ocr: givenOcr }: UploadsDependencies): ServerModule<UploadsService> {
  const { uploads } = config;
  const ocr = uploads.ocr ? (givenOcr ?? new OcrEngine({ languageDir: () => prepareLanguageDir(path.join(config.dataDir, 'ocr')), log })) : null;
  const files = new UploadFileStore(uploads.dir);
  const service = new UploadsService(new UploadsRepository(db), files, new ParseLock(sharedState, uploads.parseSeconds + LOCK_MARGIN_SECONDS), {
    maxBytes: uploads.maxBytes,
    extract: { ocr, timeoutMs: uploads.parseSeconds * 1000, log },
    now,
  });
  return {
    service,
    routes: (app) => uploadsRoutes(app, { service, requireUser, maxBytes: uploads.maxBytes, incomingPath: () => files.incomingPath() }),
    // The OCR worker thread would keep the process alive after the server closed.
    close: async () => ocr?.close(),
  };
}
