import { randomUUID } from 'node:crypto';
import { KNOWLEDGE_STATUS_TEXT, type KnowledgeBase, type KnowledgeChunk, type KnowledgeChunkPage, type KnowledgeHit, type KnowledgeInput, type KnowledgeItem, type KnowledgePassage } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { Log } from '../../log.js';
import type { ContentPolicy } from '../chat/policy/contentPolicy.js';
import type { UploadRow } from '../uploads/index.js';
import { bannedTitle, invalidField, itemNotFound, KNOWLEDGE_LIMITS, knowledgeNotFound, notOwner, storageFull, tooManyBases, tooManyDocuments } from './codes.js';
import type { KnowledgeConfig } from './config.js';
import type { BaseRow, BaseWithStats, ChunkRow, ItemRow, KnowledgeRepository } from './repository.js';
import { fuseByReciprocalRank } from './retrieval/fusion.js';
import type { Embedder } from './retrieval/embeddings.js';
import type { SearchIndex } from './retrieval/searchIndex.js';
import type { VectorIndex } from './retrieval/vectors.js';

/** The uploads module as the knowledge module uses it: the caller's own uploads with their text. */
export interface KnowledgeUploads {
  ownedUploads(userId: string, ids: readonly string[]): Promise<UploadRow[]>;
}

export interface KnowledgeServiceOptions {
  limits: Pick<KnowledgeConfig, 'maxBases' | 'maxDocuments' | 'maxMegabytes'>;
  policy: ContentPolicy;
  uploads: KnowledgeUploads;
  search: SearchIndex;
  /** Embeddings configured: passages are found by meaning too, fused with the full-text ranking. */
  vectors: { embedder: Embedder; index: VectorIndex } | null;
  now: Clock;
  log: Log;
  /** A document was queued: the worker looks at the queue now. */
  onQueued?: () => void;
}

/** A retrieved passage with what a reader needs to cite it. */
export interface RetrievedPassage extends KnowledgeHit {
  heading: string;
}

const MEGABYTE = 1024 * 1024;
/** How many full-text candidates the fusion sees per passage asked for. */
const CANDIDATES_PER_RESULT = 4;

function baseView(row: BaseWithStats, viewerId: string): KnowledgeBase {
  return {
    id: row.id,
    title: row.title,
    remark: row.remark,
    isPublic: row.is_public,
    mine: row.user_id === viewerId,
    author: row.author,
    documentCount: row.document_count,
    chunkCount: row.chunk_count,
    sizeBytes: row.size_bytes,
    createTime: row.created_at,
    updateTime: row.updated_at,
  };
}

export function itemView(row: ItemRow): KnowledgeItem {
  return {
    id: row.id,
    knowledgeId: row.knowledge_id,
    name: row.name,
    mime: row.mime,
    sizeBytes: Number(row.size),
    status: row.status,
    statusText: row.status === 'failed' && row.error ? `${KNOWLEDGE_STATUS_TEXT.failed}（${row.error}）` : KNOWLEDGE_STATUS_TEXT[row.status],
    error: row.error,
    chunkCount: row.chunk_count,
    createTime: row.created_at,
  };
}

const chunkView = (row: ChunkRow): KnowledgeChunk => ({ id: row.id, itemId: row.item_id, seq: row.seq, heading: row.heading, text: row.text, page: row.page, pageEnd: row.page_end });

/**
 * Knowledge bases and their documents (README): who may see and change what, the limits, and
 * retrieval. A private base is its owner's only — to anyone else it is "not found" everywhere; a
 * public one is read-only to others.
 */
export class KnowledgeService {
  constructor(
    private readonly repo: KnowledgeRepository,
    private readonly options: KnowledgeServiceOptions,
  ) {}

  async create(userId: string, input: KnowledgeInput): Promise<KnowledgeBase> {
    const fields = this.checked(input);
    if ((await this.repo.countBases(userId)) >= this.options.limits.maxBases) throw tooManyBases(this.options.limits.maxBases);
    const at = this.iso();
    const id = randomUUID();
    await this.repo.insertBase({ id, user_id: userId, kind: 'base', title: fields.title, remark: fields.remark, is_public: fields.isPublic, created_at: at, updated_at: at });
    return this.viewOf(id, userId);
  }

  async update(userId: string, id: string, input: Partial<KnowledgeInput>): Promise<KnowledgeBase> {
    const base = await this.owned(userId, id);
    const fields = this.checked({ title: input.title ?? base.title, remark: input.remark ?? base.remark, isPublic: input.isPublic ?? base.is_public });
    await this.repo.updateBase(id, { title: fields.title, remark: fields.remark, is_public: fields.isPublic, updated_at: this.iso() });
    return this.viewOf(id, userId);
  }

  async remove(userId: string, id: string): Promise<null> {
    await this.owned(userId, id);
    await this.repo.deleteBase(id);
    return null;
  }

  async mine(userId: string): Promise<KnowledgeBase[]> {
    return (await this.repo.bases({ ownerId: userId })).map((row) => baseView(row, userId));
  }

  /** The caller's bases, then the public bases of others: what the chat's knowledge picker offers. */
  async usable(userId: string): Promise<KnowledgeBase[]> {
    const rows = await this.repo.bases({ visibleTo: userId });
    const own = rows.filter((row) => row.user_id === userId);
    return [...own, ...rows.filter((row) => row.user_id !== userId)].map((row) => baseView(row, userId));
  }

  async publicBases(userId: string, query: { keyWord?: string; pageNo?: number; pageSize?: number }): Promise<KnowledgeBase[]> {
    const pageSize = query.pageSize ?? KNOWLEDGE_LIMITS.pageSize;
    const rows = await this.repo.bases({ keyWord: query.keyWord?.trim() || undefined }, { offset: ((query.pageNo ?? 1) - 1) * pageSize, limit: pageSize });
    return rows.map((row) => baseView(row, userId));
  }

  async items(userId: string, knowledgeId: string): Promise<KnowledgeItem[]> {
    await this.readable(userId, knowledgeId);
    return (await this.repo.items(knowledgeId)).map(itemView);
  }

  /** Attaches the caller's uploads to their base, each a queued document; refused whole when a limit would be passed. */
  async addItems(userId: string, knowledgeId: string, uploadIds: readonly string[]): Promise<KnowledgeItem[]> {
    await this.owned(userId, knowledgeId);
    const uploads = await this.options.uploads.ownedUploads(userId, uploadIds);
    if (uploads.length === 0) throw invalidField.uploadsMissing();
    const { maxDocuments, maxMegabytes } = this.options.limits;
    if ((await this.repo.countItems(knowledgeId)) + uploads.length > maxDocuments) throw tooManyDocuments(maxDocuments);
    const bytes = uploads.reduce((sum, upload) => sum + upload.size, 0);
    if ((await this.repo.userBytes(userId)) + bytes > maxMegabytes * MEGABYTE) throw storageFull(maxMegabytes);
    const at = this.iso();
    const rows = uploads.map((upload) => ({
      id: randomUUID(),
      knowledge_id: knowledgeId,
      user_id: userId,
      upload_id: upload.id,
      name: upload.name,
      mime: upload.mime,
      size: upload.size,
      status: 'queued' as const,
      error: null,
      chunk_count: 0,
      attempts: 0,
      claimed_by: null,
      heartbeat_at: null,
      created_at: at,
      updated_at: at,
    }));
    await this.repo.insertItems(rows);
    this.options.onQueued?.();
    return rows.map(itemView);
  }

  /** Deletes the caller's documents among `ids` (with their passages and index entries); ids of bases they do not own are refused. */
  async removeItems(userId: string, ids: readonly string[]): Promise<null> {
    const items = await this.repo.itemsByIds(ids);
    for (const knowledgeId of new Set(items.map((item) => item.knowledge_id))) await this.owned(userId, knowledgeId);
    await this.repo.deleteItems(items.map((item) => item.id));
    return null;
  }

  async reindex(userId: string, itemId: string): Promise<KnowledgeItem> {
    const item = await this.repo.item(itemId);
    if (!item) throw itemNotFound();
    await this.owned(userId, item.knowledge_id);
    await this.repo.requeue(itemId, this.iso());
    this.options.onQueued?.();
    return itemView((await this.repo.item(itemId))!);
  }

  async chunks(userId: string, itemId: string, pageNo: number): Promise<KnowledgeChunkPage> {
    const item = await this.repo.item(itemId);
    if (!item) throw itemNotFound();
    await this.readable(userId, item.knowledge_id).catch(() => Promise.reject(itemNotFound()));
    const pageSize = KNOWLEDGE_LIMITS.pageSize;
    const [rows, total] = await Promise.all([this.repo.chunksOf(itemId, (pageNo - 1) * pageSize, pageSize), this.repo.countChunks({ itemId })]);
    return { list: rows.map(chunkView), total };
  }

  /** One passage of a base the caller may read, with the page of its document that shows it. */
  async passage(userId: string, chunkId: string): Promise<KnowledgePassage> {
    const [chunk] = await this.repo.chunksByIds([chunkId]);
    if (!chunk) throw itemNotFound();
    const base = await this.readable(userId, chunk.knowledge_id).catch(() => Promise.reject(itemNotFound()));
    return {
      chunk: chunkView(chunk),
      knowledgeId: base.id,
      knowledgeTitle: base.title,
      documentName: chunk.document_name,
      pageNo: Math.floor(chunk.seq / KNOWLEDGE_LIMITS.pageSize) + 1,
    };
  }

  async hitTest(userId: string, knowledgeId: string, query: string, topK: number): Promise<KnowledgeHit[]> {
    await this.readable(userId, knowledgeId);
    return (await this.retrieve(knowledgeId, query, topK)).map(({ heading: _heading, ...hit }) => hit);
  }

  /** Refuses (not found) a base the caller may not read; answers its title. */
  async readable(userId: string, knowledgeId: string): Promise<BaseRow> {
    const base = await this.repo.base(knowledgeId);
    if (!base || (base.user_id !== userId && base.is_public !== 1)) throw knowledgeNotFound();
    return base;
  }

  /** The best passages of a base for a query (the caller checked access), best first. */
  async retrieve(knowledgeId: string, query: string, topK: number): Promise<RetrievedPassage[]> {
    const candidates = topK * CANDIDATES_PER_RESULT;
    const [fullText, byMeaning] = await Promise.all([this.options.search.search(knowledgeId, query, candidates), this.nearest(knowledgeId, query, candidates)]);
    const fused = fuseByReciprocalRank([fullText.map((hit) => hit.chunkId), byMeaning.map((hit) => hit.chunkId)]).slice(0, topK);
    const chunks = new Map((await this.repo.chunksByIds(fused.map((f) => f.id))).map((chunk) => [chunk.id, chunk]));
    return fused.flatMap((f, index) => {
      const chunk = chunks.get(f.id);
      return chunk ? [{ chunkId: chunk.id, itemId: chunk.item_id, documentName: chunk.document_name, heading: chunk.heading, text: chunk.text, score: f.score, rank: index + 1, page: chunk.page, pageEnd: chunk.page_end }] : [];
    });
  }

  /** Passages nearest the query's embedding; none without embeddings, or (logged) when the endpoint fails: full-text still answers. */
  private async nearest(knowledgeId: string, query: string, limit: number): Promise<Array<{ chunkId: string }>> {
    const { vectors } = this.options;
    if (!vectors) return [];
    try {
      const [vector] = await vectors.embedder.embed([query]);
      return await vectors.index.search(knowledgeId, vectors.embedder.model, vector!, limit);
    } catch (error) {
      this.options.log.warn({ err: error, knowledgeId }, 'embedding the query failed; full-text results only');
      return [];
    }
  }

  /** A base the caller may change with the knowledge calls: a document chat's index is changed only through docChat. */
  private async owned(userId: string, knowledgeId: string): Promise<BaseRow> {
    const base = await this.readable(userId, knowledgeId);
    if (base.kind !== 'base') throw knowledgeNotFound();
    if (base.user_id !== userId) throw notOwner();
    return base;
  }

  /**
   * The hidden index of one document chat (module docChat): a private base of kind 'document' —
   * never listed, never changed by the knowledge calls — holding the upload as its one document,
   * queued for ingestion. The document chat's own limits apply, not the knowledge bases'.
   */
  async createDocumentIndex(userId: string, upload: Pick<UploadRow, 'id' | 'name' | 'mime' | 'size'>): Promise<{ knowledgeId: string; item: KnowledgeItem }> {
    const at = this.iso();
    const knowledgeId = randomUUID();
    const item = { id: randomUUID(), knowledge_id: knowledgeId, user_id: userId, upload_id: upload.id, name: upload.name, mime: upload.mime, size: upload.size, status: 'queued' as const, error: null, chunk_count: 0, attempts: 0, claimed_by: null, heartbeat_at: null, created_at: at, updated_at: at };
    await this.repo.insertDocumentIndex({ id: knowledgeId, user_id: userId, kind: 'document', title: upload.name, remark: '', is_public: 0, created_at: at, updated_at: at }, item);
    this.options.onQueued?.();
    return { knowledgeId, item: itemView(item) };
  }

  /** The documents of indexes (their ingestion state), by base id. */
  async documentIndexItems(knowledgeIds: readonly string[]): Promise<Map<string, KnowledgeItem>> {
    return new Map((await this.repo.itemsOfBases(knowledgeIds)).map((row) => [row.knowledge_id, itemView(row)]));
  }

  /** Deletes a document chat's index: its document, passages, vectors and full-text entries (cascade). */
  async removeDocumentIndex(userId: string, knowledgeId: string): Promise<void> {
    const base = await this.repo.base(knowledgeId);
    if (base?.kind === 'document' && base.user_id === userId) await this.repo.deleteBase(knowledgeId);
  }

  private async viewOf(id: string, viewerId: string): Promise<KnowledgeBase> {
    const row = (await this.repo.bases({ ownerId: viewerId })).find((base) => base.id === id);
    if (!row) throw knowledgeNotFound();
    return baseView(row, viewerId);
  }

  private checked(input: KnowledgeInput): { title: string; remark: string; isPublic: 0 | 1 } {
    const title = input.title.trim();
    const remark = (input.remark ?? '').trim();
    const isPublic = input.isPublic ?? 0;
    if (!title) throw invalidField.titleMissing();
    if ([...title].length > KNOWLEDGE_LIMITS.title) throw invalidField.tooLong('知识库名称', KNOWLEDGE_LIMITS.title);
    if ([...remark].length > KNOWLEDGE_LIMITS.remark) throw invalidField.tooLong('知识库简介', KNOWLEDGE_LIMITS.remark);
    // Others read a public base's title and description.
    if (isPublic === 1 && (this.options.policy.violation(title) || this.options.policy.violation(remark))) throw bannedTitle();
    return { title, remark, isPublic };
  }

  private iso(): string {
    return this.options.now().toISOString();
  }
}
