import { z } from 'zod';
import { KNOWLEDGE_LIMITS } from '@qiming/contracts';
import type { EmbeddingEndpoint } from './retrieval/embeddings.js';

/** Knowledge bases (server/src/modules/knowledge/README.md). */
export interface KnowledgeConfig {
  maxBases: number;
  maxDocuments: number;
  maxMegabytes: number;
  /** Documents this instance ingests at once; 0: this instance only takes requests. */
  workers: number;
  /** An OpenAI-compatible embeddings endpoint (EMBEDDING_API_BASE_URL); null: full-text retrieval only. */
  embeddings: EmbeddingEndpoint | null;
}

const KnowledgeEnv = z.object({
  KNOWLEDGE_MAX_BASES: z.coerce.number().int().min(1).max(10_000).default(KNOWLEDGE_LIMITS.basesPerUser),
  KNOWLEDGE_MAX_DOCUMENTS: z.coerce.number().int().min(1).max(100_000).default(KNOWLEDGE_LIMITS.documentsPerBase),
  KNOWLEDGE_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(KNOWLEDGE_LIMITS.megabytesPerUser),
  KNOWLEDGE_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  EMBEDDING_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  EMBEDDING_MODEL: z.string().trim().min(1).default('text-embedding-3-small'),
  EMBEDDING_API_KEY: z.string().trim().optional(),
  EMBEDDING_BATCH: z.coerce.number().int().min(1).max(2048).default(64),
  EMBEDDING_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
});

/** The KNOWLEDGE_* variables. Invalid values stop the server. */
export function knowledgeConfigOf(env: NodeJS.ProcessEnv): KnowledgeConfig {
  const parsed = KnowledgeEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    maxBases: e.KNOWLEDGE_MAX_BASES,
    maxDocuments: e.KNOWLEDGE_MAX_DOCUMENTS,
    maxMegabytes: e.KNOWLEDGE_MAX_MB,
    workers: e.KNOWLEDGE_WORKERS,
    embeddings: e.EMBEDDING_API_BASE_URL
      ? { baseUrl: e.EMBEDDING_API_BASE_URL, model: e.EMBEDDING_MODEL, apiKey: e.EMBEDDING_API_KEY || null, batchSize: e.EMBEDDING_BATCH, timeoutMs: e.EMBEDDING_TIMEOUT_SECONDS * 1000 }
      : null,
  };
}
