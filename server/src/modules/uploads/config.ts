import path from 'node:path';
import { z } from 'zod';
import { FILE_LIMITS } from './contract.js';

/** Chat uploads (server/src/modules/uploads/README.md). */
export interface UploadsConfig {
  /** Where the bytes are stored: <dir>/<userId>/<knowledgeId>. */
  dir: string;
  /** The largest file accepted; images are limited to FILE_LIMITS.imageMaxBytes as well. */
  maxBytes: number;
  /** Time limit of reading one file (PDF, DOCX, OCR of an image). */
  parseSeconds: number;
  /** OCR of uploaded images (tesseract.js); off: images are stored without text. */
  ocr: boolean;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const UploadsEnv = z.object({
  UPLOAD_DIR: optional(z.string()),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024, '至少 1024 字节')
    .max(FILE_LIMITS.maxBytes, `不能超过 ${FILE_LIMITS.maxBytes}（客户端的上限）`)
    .default(FILE_LIMITS.maxBytes),
  UPLOAD_PARSE_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  UPLOAD_OCR: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
});

/** The UPLOAD_* variables; `dataDir` gives the default folder (DATA_DIR/uploads). Invalid values stop the server. */
export function uploadsConfigOf(env: NodeJS.ProcessEnv, dataDir: string): UploadsConfig {
  const parsed = UploadsEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return { dir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')), maxBytes: e.UPLOAD_MAX_BYTES, parseSeconds: e.UPLOAD_PARSE_SECONDS, ocr: e.UPLOAD_OCR };
}
