import { z } from 'zod';
import { KNOWLEDGE_LIMITS } from '@qiming/contracts';

/** Knowledge bases (server/src/modules/knowledge/README.md). */
export interface KnowledgeConfig {
  maxBases: number;
  maxDocuments: number;
  maxMegabytes: number;
  /** Documents this instance ingests at once; 0: this instance only takes requests. */
  workers: number;
}

const KnowledgeEnv = z.object({
  KNOWLEDGE_MAX_BASES: z.coerce.number().int().min(1).max(10_000).default(KNOWLEDGE_LIMITS.basesPerUser),
  KNOWLEDGE_MAX_DOCUMENTS: z.coerce.number().int().min(1).max(100_000).default(KNOWLEDGE_LIMITS.documentsPerBase),
  KNOWLEDGE_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(KNOWLEDGE_LIMITS.megabytesPerUser),
  KNOWLEDGE_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
});

/** The KNOWLEDGE_* variables. Invalid values stop the server. */
export function knowledgeConfigOf(env: NodeJS.ProcessEnv): KnowledgeConfig {
  const parsed = KnowledgeEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return { maxBases: e.KNOWLEDGE_MAX_BASES, maxDocuments: e.KNOWLEDGE_MAX_DOCUMENTS, maxMegabytes: e.KNOWLEDGE_MAX_MB, workers: e.KNOWLEDGE_WORKERS };
}
