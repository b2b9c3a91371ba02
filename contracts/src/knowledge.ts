/**
 * Knowledge bases (spec chat §3 "Knowledge base", §7 "Knowledge"; issue 22). Paths under
 * /app-api/backend-api; every response is the envelope { code, data, msg }. All calls are signed in.
 *
 * A base holds documents (items). A document is a file the user already uploaded through the
 * uploads module (uploadChatKnowledge2 answers its `knowledgeId`, the upload id); addKnowledgeItems
 * attaches those uploads to a base, and a background job cuts the text into passages and indexes
 * them (排队中 → 解析中 → 已完成 / 失败（原因）).
 *
 * POST createKnowledge { title, remark?, isPublic? } → KnowledgeBase
 * POST updateKnowledge { id, title?, remark?, isPublic? } → KnowledgeBase (owner only)
 * GET  getMyKnowledge → KnowledgeBase[] (the caller's bases, newest first)
 * GET  getMyKnowledge2 → KnowledgeBase[] (the caller's bases and the public bases of others: what
 *      the chat's knowledge picker offers)
 * GET  getAllKnowledgePublic[?keyWord=&pageNo=&pageSize=] → KnowledgeBase[] (public bases, most
 *      documents first; no query: the first page)
 * GET  getKnowledgeItems?knowledgeId= → KnowledgeItem[] (a base the caller may read)
 * GET  deleteKnowledgeItems?ids=a,b → null (owner only; passages and index entries go with them)
 * GET  deleteKnowledge?id= → null (owner only; its documents, passages and index entries too)
 * POST addKnowledgeItems { knowledgeId, uploadIds } → KnowledgeItem[] (owner only; queued)
 * POST reindexKnowledgeItem { id } → KnowledgeItem (owner only; back to 排队中)
 * GET  knowledgeChunks?itemId=&pageNo= → Page<KnowledgeChunk> (a readable base's passages, in order)
 * POST knowledgeHitTest { knowledgeId, query, topK? } → KnowledgeHit[] (best first)
 * GET  knowledgePassage?id= → KnowledgePassage (one passage of a readable base: what a chat
 *      citation opens, `knowledgePassageUrl`)
 *
 * A private base is its owner's only: for anyone else it does not exist (KNOWLEDGE_CODES.notFound)
 * everywhere — lists, items, passages, hit test and chat. A public base is readable by everyone,
 * changed by its owner only.
 */

import type { Page } from './points.js';

export const KNOWLEDGE_LIMITS = {
  title: 50,
  remark: 500,
  /** Bases one account may own (the server's KNOWLEDGE_MAX_BASES may change it). */
  basesPerUser: 20,
  /** Documents one base may hold (KNOWLEDGE_MAX_DOCUMENTS). */
  documentsPerBase: 200,
  /** Megabytes of documents one account may hold over all its bases (KNOWLEDGE_MAX_MB). */
  megabytesPerUser: 200,
  /** Uploads attached in one addKnowledgeItems call. */
  uploadsPerCall: 50,
  query: 500,
  topKMax: 20,
  pageSize: 20,
} as const;

const knowledgeCodes = {
  /** 知识库不存在或无权访问 */
  notFound: 2601,
  /** 无权修改该知识库 */
  notOwner: 2602,
  /** 知识库数量已达上限（{n} 个） */
  tooManyBases: 2603,
  /** 该知识库的文档数量已达上限（{n} 个） */
  tooManyDocuments: 2604,
  /** 知识库文件总大小已达上限（{n} MB） */
  storageFull: 2605,
  /** 标题包含违规词，请修改后再提交 */
  bannedWords: 2606,
  /** 文档不存在或已被删除 */
  itemNotFound: 2607,
  /** A field missing or too long (the message names it). */
  invalidField: 2608,
};
export const KNOWLEDGE_CODES = knowledgeCodes as Readonly<typeof knowledgeCodes>;

export interface KnowledgeBase {
  id: string;
  title: string;
  remark: string;
  isPublic: 0 | 1;
  /** The caller owns it (may edit, add and delete). */
  mine: boolean;
  /** The owner's nickname. */
  author: string;
  documentCount: number;
  chunkCount: number;
  /** Bytes of its documents. */
  sizeBytes: number;
  createTime: string;
  updateTime: string;
}

export type KnowledgeItemStatus = 'queued' | 'parsing' | 'done' | 'failed';

export const KNOWLEDGE_STATUS_TEXT: Record<KnowledgeItemStatus, string> = {
  queued: '排队中',
  parsing: '解析中',
  done: '已完成',
  failed: '失败',
};

export interface KnowledgeItem {
  id: string;
  knowledgeId: string;
  /** The file's name. */
  name: string;
  mime: string;
  sizeBytes: number;
  status: KnowledgeItemStatus;
  /** 排队中 / 解析中 / 已完成 / 失败 */
  statusText: string;
  /** Why it failed, else null. */
  error: string | null;
  chunkCount: number;
  createTime: string;
}

export interface KnowledgeChunk {
  id: string;
  itemId: string;
  /** Position in the document, from 0. */
  seq: number;
  /** The heading path the passage sits under ("安装 › 环境要求"), '' when none. */
  heading: string;
  text: string;
  /** The PDF page the passage starts on (1-based), null for documents without pages. */
  page?: number | null;
  /** The page it ends on, when it runs over a page break. */
  pageEnd?: number | null;
}

export interface KnowledgeHit {
  chunkId: string;
  itemId: string;
  documentName: string;
  text: string;
  /** Higher is better: the fused reciprocal-rank score. */
  score: number;
  /** 1 for the best. */
  rank: number;
  /** The PDF page the passage starts on, null for documents without pages. */
  page?: number | null;
  pageEnd?: number | null;
}

/** One passage with where it sits: its base, its document and the knowledgeChunks page that holds it. */
export interface KnowledgePassage {
  chunk: KnowledgeChunk;
  knowledgeId: string;
  knowledgeTitle: string;
  documentName: string;
  /** The knowledgeChunks page of its document that shows it. */
  pageNo: number;
}

/**
 * Where a chat citation points: the knowledge page opens the base and shows the passage. The
 * chat's references carry this url; the toolbox area reads `kgId` and `chunk`.
 */
export function knowledgePassageUrl(knowledgeId: string, chunkId: string): string {
  return `/toolBox/knowledgePage?kgId=${encodeURIComponent(knowledgeId)}&chunk=${encodeURIComponent(chunkId)}`;
}

export interface KnowledgeInput {
  title: string;
  remark?: string;
  isPublic?: 0 | 1;
}

export type KnowledgeChunkPage = Page<KnowledgeChunk>;
