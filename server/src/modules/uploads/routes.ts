import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../../http/envelope.js';
import { apiRoute, type ModuleApp } from '../module.js';
import { currentUser } from '../../http/requestUser.js';
import { megabytes, uploadError } from './contract.js';
import { UPLOAD_MESSAGES, UPLOADED_FILE_PATH, type UploadInput, type UploadsService } from './service.js';

/** spec chat §7: uploadChatKnowledge2 and the aliases the client also calls. */
export const UPLOAD_PATHS = ['uploadChatKnowledge2', 'readPdf', 'upload', 'uploadFile', 'uploadFileToMinio'].map((name) => `/app-api/backend-api/${name}`);

export interface UploadsRouteOptions {
  service: UploadsService;
  /** A new path on disk for a file being received. */
  incomingPath: () => Promise<string>;
  requireUser: preHandlerAsyncHookHandler;
  maxBytes: number;
}

/** The optional text fields of the form. */
const UploadFields = z.object({
  id: z.string().max(128, 'id 不能超过 128 个字符').optional(),
  gptType: z.string().trim().max(200, 'gptType 不能超过 200 个字符').optional(),
});

const FIELD_LIMIT_BYTES = 1024;

/** Multipart refusals in words; anything busboy cannot parse is a malformed form. */
function formError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return uploadError('tooLarge', `文件过大，最大支持 ${megabytes(maxBytes)}`);
    case 'FST_FILES_LIMIT':
      return new AppError(400, '一次只能上传一个文件');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(400, '上传表单的字段过多');
    default:
      return new AppError(400, '上传的表单格式不正确，请重新选择文件上传');
  }
}

/**
 * Reads the whole form: the parts may come in any order (gptType after the file, too). The file
 * is streamed to disk as it arrives (never held in memory whole: a burst of 20 MB uploads left the
 * process hundreds of MB bigger); the caller owns that file from then on, on every path.
 */
async function readUploadForm(request: FastifyRequest, maxBytes: number, incomingPath: () => Promise<string>): Promise<UploadInput & { id?: string }> {
  if (!request.isMultipart()) throw uploadError('noFile', UPLOAD_MESSAGES.noFile);
  let file: { name: string; path: string; size: number } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // The form's field is `file`; with one file allowed, its field name does not matter.
        const path = await incomingPath();
        file = { name: part.filename, path, size: 0 };
        const received = file;
        part.file.on('data', (chunk: Buffer) => void (received.size += chunk.length));
        await pipeline(part.file, fs.createWriteStream(path, { flags: 'wx' }));
        if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated) throw new AppError(400, `表单字段 ${part.fieldname} 过长`);
        fields[part.fieldname] = part.value;
      }
    }
    // A file input left empty still sends a part, with no name and no bytes.
    if (!file || (file.name === '' && file.size === 0)) throw uploadError('noFile', UPLOAD_MESSAGES.noFile);
    const { id, gptType } = UploadFields.parse(fields);
    return { name: file.name, path: file.path, size: file.size, id, gptType: gptType || undefined };
  } catch (error) {
    if (file) await fs.promises.rm(file.path, { force: true });
    throw formError(error, maxBytes);
  }
}

/** Inline for what a browser shows safely (images, PDF); everything else downloads. */
function contentDisposition(kind: string, name: string): string {
  const disposition = kind === 'image' || kind === 'pdf' ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * POST uploadChatKnowledge2 (and aliases) → UploadResult; GET uploadedFile/:knowledgeId → the
 * bytes, owner only. Multipart is registered in this plugin's scope only (one file, the size limit).
 */
export async function uploadsRoutes(app: ModuleApp, options: UploadsRouteOptions): Promise<void> {
  const { service, requireUser, maxBytes, incomingPath } = options;
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: FIELD_LIMIT_BYTES, parts: 20, headerPairs: 100 },
  });
  app.addHook('preValidation', requireUser);

  // The form is multipart, read and checked in the handler (readUploadForm): a schema cannot describe the file parts.
  for (const path of UPLOAD_PATHS) {
    app.post(apiRoute(path), async (request) => {
      const form = await readUploadForm(request, maxBytes, incomingPath);
      return ok(await service.upload(currentUser(request).id, form));
    });
  }

  app.get<{ Params: { knowledgeId: string } }>(`${apiRoute(UPLOADED_FILE_PATH)}/:knowledgeId`, async (request, reply) => {
    const stored = await service.stored(currentUser(request).id, request.params.knowledgeId);
    return reply
      .header('content-type', stored.row.mime)
      .header('content-length', stored.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(stored.row.kind, stored.row.name))
      .header('cache-control', 'private, max-age=86400')
      .send(service.streamOf(stored));
  });
}
