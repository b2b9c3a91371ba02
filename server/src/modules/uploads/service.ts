import fs from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { FILE_LIMITS, megabytes, uploadError, uploadRuleFor, type UploadResult } from './contract.js';
import { extractContent, type ExtractOptions } from './extract/index.js';
import { pdfPageCount } from './extract/pdf.js';
import type { UploadFileStore } from './fileStore.js';
import { classifyUpload } from './fileTypes.js';
import type { ParseLock } from './parseLock.js';
import type { UploadRow, UploadsRepository } from './repository.js';

/** Where GET uploadedFile serves a stored file (the `url` of a result). */
export const UPLOADED_FILE_PATH = '/app-api/backend-api/uploadedFile';

/** 18 random bytes: 24 URL-safe characters nobody can guess. */
export const newKnowledgeId = () => randomBytes(18).toString('base64url');
export const KNOWLEDGE_ID = /^[A-Za-z0-9_-]{24}$/;

export const UPLOAD_MESSAGES = {
  noFile: '请选择要上传的文件',
  empty: '文件内容为空，请重新选择',
  busy: '请等待当前文件解析完成后再次进行上传',
  notFound: '文件不存在或已被删除',
};

export interface UploadInput {
  /** The name the browser sent. */
  name: string;
  /** Where the received bytes are on disk (UploadFileStore.incomingPath), and how many there are: the upload owns the file (moved into place or removed). */
  path: string;
  size: number;
  /** The model the file is for (its type rule applies), when given. */
  gptType?: string;
}

/** An uploaded image with its bytes, for models that see images. */
export interface UploadedImage {
  knowledgeId: string;
  mime: string;
  data: Buffer;
}

export interface StoredFile {
  row: UploadRow;
  size: number;
}

export interface UploadsServiceOptions {
  /** The largest file accepted (UPLOAD_MAX_BYTES); images also at most FILE_LIMITS.imageMaxBytes. */
  maxBytes: number;
  extract: ExtractOptions;
  now: Clock;
}

/** A name as the user chose it: no folders (some browsers send C:\fakepath\…), no control characters, at most 255 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...name].slice(-255).join('') || '未命名文件';
}

export function resultOf(row: UploadRow): UploadResult {
  return {
    knowledgeId: row.id,
    fileContent: row.text,
    url: `${UPLOADED_FILE_PATH}/${row.id}`,
    name: row.name,
    kind: row.kind,
    mime: row.mime,
    size: row.size,
    ocr: row.ocr === 1,
  };
}

/**
 * Chat uploads: the checks (size, real type, the model's type rule), one parse at a time per
 * user, the text, then the bytes on disk and a row. Refusals are AppErrors with the files codes.
 */
export class UploadsService {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly files: UploadFileStore,
    private readonly lock: ParseLock,
    private readonly options: UploadsServiceOptions,
  ) {}

  get imageMaxBytes(): number {
    return Math.min(FILE_LIMITS.imageMaxBytes, this.options.maxBytes);
  }

  /** The received file is moved into place when accepted, removed otherwise. */
  async upload(userId: string, input: UploadInput): Promise<UploadResult> {
    try {
      return await this.accept(userId, input);
    } finally {
      await fs.promises.rm(input.path, { force: true });
    }
  }

  private async accept(userId: string, input: UploadInput): Promise<UploadResult> {
    const name = cleanFileName(input.name);
    if (input.size === 0) throw uploadError('noFile', UPLOAD_MESSAGES.empty);
    if (input.size > this.options.maxBytes) throw uploadError('tooLarge', `文件过大，最大支持 ${megabytes(this.options.maxBytes)}`);
    // Read once, with its size known (one allocation), and dropped when the parse is done.
    const bytes = await fs.promises.readFile(input.path);

    const rule = input.gptType ? uploadRuleFor(input.gptType) : null;
    const classified = await classifyUpload(name, bytes);
    if (!classified.ok) {
      // A model with a type rule answers with the rule's own words (spec chat §5) for a type nobody reads.
      throw uploadError(classified.code, classified.code === 'typeNotAccepted' && rule ? rule.message : classified.message);
    }
    const file = classified.file;
    if (rule && !rule.extensions.includes(file.extension)) throw uploadError('typeNotAccepted', rule.message);
    if (file.kind === 'image' && bytes.length > this.imageMaxBytes) throw uploadError('tooLarge', `图片过大，最大支持 ${megabytes(this.imageMaxBytes)}`);

    const release = await this.lock.acquire(userId);
    if (!release) throw uploadError('parseBusy', UPLOAD_MESSAGES.busy);
    try {
      const extracted = await extractContent(file, bytes, this.options.extract);
      const row: UploadRow = {
        id: newKnowledgeId(),
        user_id: userId,
        name,
        mime: file.mime,
        kind: file.kind,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        text: extracted.text,
        ocr: extracted.ocr ? 1 : 0,
        created_at: this.options.now().toISOString(),
      };
      await this.files.adopt(userId, row.id, input.path);
      try {
        await this.repository.insert(row);
      } catch (error) {
        await this.files.remove(userId, row.id);
        throw error;
      }
      return resultOf(row);
    } finally {
      await release();
    }
  }

  /** The caller's stored file; another user's id, an unknown one and a file gone from disk are all "not found". */
  async stored(userId: string, knowledgeId: string): Promise<StoredFile> {
    const row = KNOWLEDGE_ID.test(knowledgeId) ? await this.repository.findOwned(userId, knowledgeId) : undefined;
    const size = row ? await this.files.sizeOf(userId, row.id) : null;
    if (!row || size === null) throw uploadError('fileNotFound', UPLOAD_MESSAGES.notFound);
    return { row, size };
  }

  /** Whether the id is an image this user uploaded (an agent may use it as an icon or avatar). */
  async isOwnImage(userId: string, knowledgeId: string): Promise<boolean> {
    if (!KNOWLEDGE_ID.test(knowledgeId)) return false;
    return (await this.repository.findOwned(userId, knowledgeId))?.kind === 'image';
  }

  /**
   * An uploaded image by id, whoever uploaded it, or null: for the agents module, which shows the
   * images of live agents publicly (agents/images.ts).
   */
  async imageFile(knowledgeId: string): Promise<{ mime: string; size: number; open(): NodeJS.ReadableStream } | null> {
    const row = KNOWLEDGE_ID.test(knowledgeId) ? await this.repository.findById(knowledgeId) : undefined;
    const size = row?.kind === 'image' ? await this.files.sizeOf(row.user_id, row.id) : null;
    if (!row || size === null) return null;
    return { mime: row.mime, size, open: () => this.files.stream(row.user_id, row.id) };
  }

  /**
   * The caller's uploads among `ids` with their extracted text (the knowledge module ingests it);
   * unknown and other users' ids are left out.
   */
  async ownedUploads(userId: string, ids: readonly string[]): Promise<UploadRow[]> {
    return this.repository.findOwnedMany(userId, [...new Set(ids)].filter((id) => KNOWLEDGE_ID.test(id)));
  }

  /** How many pages the caller's uploaded PDF has (docChat's page limit); null for an upload that is not theirs, not a PDF or gone from disk. */
  async pdfPages(userId: string, knowledgeId: string): Promise<number | null> {
    const row = KNOWLEDGE_ID.test(knowledgeId) ? await this.repository.findOwned(userId, knowledgeId) : undefined;
    if (row?.kind !== 'pdf') return null;
    try {
      return await pdfPageCount(await this.files.read(userId, row.id));
    } catch {
      return null;
    }
  }

  /** The bytes of the caller's stored file, or null for an upload that is not theirs or is gone from disk. */
  async bytesOf(userId: string, knowledgeId: string): Promise<Buffer | null> {
    const row = KNOWLEDGE_ID.test(knowledgeId) ? await this.repository.findOwned(userId, knowledgeId) : undefined;
    if (!row) return null;
    try {
      return await this.files.read(userId, row.id);
    } catch {
      return null;
    }
  }

  /**
   * Stores a PDF the server made for the caller (docChat: a Word file converted for its viewer) as
   * an upload of its own, its text read like an uploaded PDF's (pages kept).
   */
  async storeMadePdf(userId: string, name: string, pdf: Buffer): Promise<UploadRow> {
    const extracted = await extractContent({ kind: 'pdf', mime: 'application/pdf', extension: 'pdf' }, pdf, this.options.extract);
    const row: UploadRow = {
      id: newKnowledgeId(),
      user_id: userId,
      name: cleanFileName(name),
      mime: 'application/pdf',
      kind: 'pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      text: extracted.text,
      ocr: 0,
      created_at: this.options.now().toISOString(),
    };
    await this.files.write(userId, row.id, pdf);
    try {
      await this.repository.insert(row);
    } catch (error) {
      await this.files.remove(userId, row.id);
      throw error;
    }
    return row;
  }

  /** Deletes the caller's stored file and its row (only docChat does, for the PDFs it made). */
  async remove(userId: string, knowledgeId: string): Promise<void> {
    if (!KNOWLEDGE_ID.test(knowledgeId)) return;
    await this.repository.removeOwned(userId, knowledgeId);
    await this.files.remove(userId, knowledgeId);
  }

  /** The bytes of a stored file, as a stream. */
  streamOf(stored: StoredFile) {
    return this.files.stream(stored.row.user_id, stored.row.id);
  }

  /**
   * The caller's uploaded images among `knowledgeIds`, with their bytes (for models that see
   * images). Ids that are not the caller's images are left out; so is an image gone from disk.
   */
  async images(userId: string, knowledgeIds: readonly string[]): Promise<UploadedImage[]> {
    const ids = [...new Set(knowledgeIds)].filter((id) => KNOWLEDGE_ID.test(id));
    const rows = (await this.repository.findOwnedMany(userId, ids)).filter((row) => row.kind === 'image');
    const byId = new Map<string, UploadedImage>();
    for (const row of rows) {
      try {
        byId.set(row.id, { knowledgeId: row.id, mime: row.mime, data: await this.files.read(userId, row.id) });
      } catch {
        // gone from disk: the message goes on with the image's text only
      }
    }
    // In the order the message listed them.
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
