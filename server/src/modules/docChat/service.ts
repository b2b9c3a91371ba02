import { randomUUID } from 'node:crypto';
import { DOC_CHAT_LIMITS, type DocChatConversation, type DocChatDetail, type DocChatDocument, type KnowledgeItem } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { KnowledgeService } from '../knowledge/index.js';
import type { UploadRow } from '../uploads/index.js';
import { noText, notFound, notPdf, tooMany, tooManyPages, uploadMissing } from './codes.js';
import type { DocChatRepository, DocChatRow } from './repository.js';
import { suggestedQuestions } from './suggestions.js';

/** The uploads module as document chats use it. */
export interface DocChatUploads {
  ownedUploads(userId: string, ids: readonly string[]): Promise<UploadRow[]>;
  pdfPages(userId: string, knowledgeId: string): Promise<number | null>;
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

  /** A document from the caller's upload, its index queued; the same upload twice is the same document. */
  async create(userId: string, uploadId: string): Promise<DocChatDocument> {
    const [upload] = await this.options.uploads.ownedUploads(userId, [uploadId]);
    if (!upload) throw uploadMissing();
    const existing = await this.repo.ownedByUpload(userId, upload.id);
    if (existing) return this.viewOf(existing);
    if (upload.kind !== 'pdf') throw notPdf();
    if ((await this.repo.count(userId)) >= DOC_CHAT_LIMITS.perUser) throw tooMany();
    const pages = await this.options.uploads.pdfPages(userId, upload.id);
    if (pages === null) throw uploadMissing();
    if (pages > DOC_CHAT_LIMITS.maxPages) throw tooManyPages(pages);
    if (!/\S/u.test(upload.text)) throw noText();
    const { knowledgeId, item } = await this.options.knowledge.createDocumentIndex(userId, upload);
    const row: DocChatRow = { id: randomUUID(), user_id: userId, upload_id: upload.id, knowledge_id: knowledgeId, name: upload.name, pages, created_at: this.options.now().toISOString() };
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

  /** Deletes the document and its index (passages and their search entries); its conversations stay in the history. */
  async remove(userId: string, id: string): Promise<null> {
    const row = await this.owned(userId, id);
    await this.repo.remove(row.id);
    await this.options.knowledge.removeDocumentIndex(userId, row.knowledge_id);
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
