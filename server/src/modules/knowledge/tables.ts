/** Knowledge bases, their documents and passages (module knowledge). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
import type { KnowledgeItemStatus } from '@qiming/contracts';

/** 'base': a knowledge base of the toolbox; 'document': the hidden index of one document chat (module docChat), never listed. */
export type KnowledgeBaseKind = 'base' | 'document';

export interface KnowledgeBaseTable {
  id: string;
  user_id: string;
  kind: KnowledgeBaseKind;
  title: string;
  remark: string;
  is_public: 0 | 1;
  created_at: string;
  updated_at: string;
}

/** A document: an upload attached to a base, and its ingestion job (rows are the truth; a worker claims with a guarded update). */
export interface KnowledgeItemTable {
  id: string;
  knowledge_id: string;
  user_id: string;
  /** The chat upload (chat_uploads.id) whose text is ingested. */
  upload_id: string;
  name: string;
  mime: string;
  size: number;
  status: KnowledgeItemStatus;
  error: string | null;
  chunk_count: number;
  /** Claims so far: a document that kept killing its worker fails after KNOWLEDGE_MAX_ATTEMPTS. */
  attempts: number;
  claimed_by: string | null;
  heartbeat_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A passage; `terms` are its search terms (retrieval/segment.ts) space-joined, what the full-text index reads. */
export interface KnowledgeChunkTable {
  id: string;
  item_id: string;
  knowledge_id: string;
  seq: number;
  heading: string;
  text: string;
  terms: string;
  /** The PDF page the passage starts and ends on (1-based; migration 026), null for text without pages. */
  page: number | null;
  page_end: number | null;
  created_at: string;
}

/** A passage's embedding: unit-length float32 values as bytes (retrieval/vectors.ts). */
export interface KnowledgeVectorTable {
  chunk_id: string;
  knowledge_id: string;
  model: string;
  vector: Buffer;
  created_at: string;
}

export interface KnowledgeTables {
  knowledge_bases: KnowledgeBaseTable;
  knowledge_items: KnowledgeItemTable;
  knowledge_chunks: KnowledgeChunkTable;
  knowledge_vectors: KnowledgeVectorTable;
}
