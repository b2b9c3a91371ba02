import { randomUUID } from 'node:crypto';
import { DOC_CHAT_LIMITS, type DocChatConversation, type DocChatDetail, type DocChatDocument, type KnowledgeItem } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { KnowledgeService } from '../knowledge/index.js';
import type { UploadRow } from '../uploads/index.js';
import { noText, noTextWord, notFound, notPdf, tooMany, tooManyPages, uploadMissing, wordTooManyPages, wordUnreadable } from './codes.js';
import { docxToPdf, TooManyPages } from './docxToPdf/index.js';
import type { DocChatRepository, DocChatRow } from './repository.js';
import { suggestedQuestions } from './suggestions.js';

/** The uploads module as document chats use it. */
export interface DocChatUploads {
  ownedUploads(userId: string, ids: readonly string[]): Promise<UploadRow[]>;
  pdfPages(userId: string, knowledgeId: string): Promise<number | null>;
  bytesOf(userId: string, knowledgeId: string): Promise<Buffer | null>;
  storeMadePdf(userId: string, name: string, pdf: Buffer): Promise<UploadRow>;
  remove(userId: string, knowledgeId: string): Promise<void>;
}

export interface DocChatServiceOptions {
  uploads: DocChatUploads;
  knowledge: Pick<KnowledgeService, 'createDocumentIndex' | 'documentIndexItems' | 'removeDocumentIndex'>;
  conversations: { groupsWithKnowledge(userId: string, knowledgeId: string): Promise<DocChatConversation[]> };
  now: Clock;
}

/** When an index's document is missing (never, unless a row was removed by hand): it shows as failed. */
const MISSING_ITEM = { status: 'failed', statusText: '失败（索引已丢失，请删除后重新上传）' } as const;

function documentView(row: DocChatRow, item: KnowledgeItem | undefined): DocChatDocument {
  return {
    id: row.id,
    name: row.name,
    pages: row.pages,
    status: item?.status ?? MISSING_ITEM.status,
    statusText: item?.statusText ?? MISSING_ITEM.statusText,
    knowledgeId: row.knowledge_id,
    uploadId: row.upload_id,
    createdAt: row.created_at,
  };
}

/**
 * Document chats (README): a PDF the caller uploaded, indexed by the knowledge module as a hidden
 * base of its own; the chat itself is getStream with that base. Another user's document does not
 * exist for the caller (3601 everywhere).
 */
export class DocChatService {
  constructor(
    private readonly repo: DocChatRepository,
    private readonly options: DocChatServiceOptions,
  ) {}

  /** A document from the caller's upload (a PDF, or a Word file converted to one), its index queued; the same upload twice is the same document. */
  async create(userId: string, uploadId: string): Promise<DocChatDocument> {
    const [upload] = await this.options.uploads.ownedUploads(userId, [uploadId]);
    if (!upload) throw uploadMissing();
    const existing = await this.repo.ownedByUpload(userId, upload.id);
    if (existing) return this.viewOf(existing);
    if (upload.kind !== 'pdf' && upload.kind !== 'docx') throw notPdf();
    if ((await this.repo.count(userId)) >= DOC_CHAT_LIMITS.perUser) throw tooMany();
    if (upload.kind === 'docx') return this.createFromWord(userId, upload);
    const pages = await this.options.uploads.pdfPages(userId, upload.id);
    if (pages === null) throw uploadMissing();
    if (pages > DOC_CHAT_LIMITS.maxPages) throw tooManyPages(pages);
    if (!/\S/u.test(upload.text)) throw noText();
    return this.index(userId, upload, { pdf: upload, pages, source: null });
  }

  /**
   * A Word file becomes a PDF (docxToPdf) stored as an upload of its own: the viewer shows it and
   * its text, with its pages, is what is indexed, so citations name the pages the viewer shows.
   */
  private async createFromWord(userId: string, word: UploadRow): Promise<DocChatDocument> {
    if (!/\S/u.test(word.text)) throw noTextWord();
    const bytes = await this.options.uploads.bytesOf(userId, word.id);
    if (!bytes) throw uploadMissing();
    let converted: { pdf: Buffer; pages: number };
    try {
      converted = await docxToPdf(bytes, DOC_CHAT_LIMITS.maxPages);
    } catch (error) {
      if (error instanceof TooManyPages) throw wordTooManyPages();
      throw wordUnreadable();
    }
    const pdf = await this.options.uploads.storeMadePdf(userId, `${word.name.replace(/\.docx$/iu, '')}.pdf`, converted.pdf);
    try {
      return await this.index(userId, word, { pdf, pages: converted.pages, source: word.id });
    } catch (error) {
      await this.options.uploads.remove(userId, pdf.id);
      throw error;
    }
  }

  /** The document's index (named like the upload the user chose) and its row. */
  private async index(userId: string, chosen: UploadRow, viewed: { pdf: UploadRow; pages: number; source: string | null }): Promise<DocChatDocument> {
    const { knowledgeId, item } = await this.options.knowledge.createDocumentIndex(userId, { ...viewed.pdf, name: chosen.name });
    const row: DocChatRow = {
      id: randomUUID(),
      user_id: userId,
      upload_id: viewed.pdf.id,
      source_upload_id: viewed.source,
      knowledge_id: knowledgeId,
      name: chosen.name,
      pages: viewed.pages,
      created_at: this.options.now().toISOString(),
    };
    await this.repo.insert(row);
    return documentView(row, item);
  }

  async list(userId: string): Promise<DocChatDocument[]> {
    const rows = await this.repo.list(userId);
    const items = await this.options.knowledge.documentIndexItems(rows.map((row) => row.knowledge_id));
    return rows.map((row) => documentView(row, items.get(row.knowledge_id)));
  }

  /** The document with its suggested questions and its conversations (what reopening it shows). */
  async get(userId: string, id: string): Promise<DocChatDetail> {
    const row = await this.owned(userId, id);
    const [document, [upload], conversations] = await Promise.all([this.viewOf(row), this.options.uploads.ownedUploads(userId, [row.upload_id]), this.options.conversations.groupsWithKnowledge(userId, row.knowledge_id)]);
    return { ...document, suggestions: suggestedQuestions(upload?.text ?? ''), conversations };
  }

  /** Deletes the document, its index (passages and their search entries) and the PDF made from a Word file; its conversations stay in the history. */
  async remove(userId: string, id: string): Promise<null> {
    const row = await this.owned(userId, id);
    await this.repo.remove(row.id);
    await this.options.knowledge.removeDocumentIndex(userId, row.knowledge_id);
    if (row.source_upload_id) await this.options.uploads.remove(userId, row.upload_id);
    return null;
  }

  private async owned(userId: string, id: string): Promise<DocChatRow> {
    const row = await this.repo.owned(userId, id);
    if (!row) throw notFound();
    return row;
  }

  private async viewOf(row: DocChatRow): Promise<DocChatDocument> {
    const items = await this.options.knowledge.documentIndexItems([row.knowledge_id]);
    return documentView(row, items.get(row.knowledge_id));
  }
}
