import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import { loadContentPolicy } from '../chat/policy/contentPolicy.js';
import type { ContextContributor } from '../chat/context.js';
import type { ServerModule } from '../module.js';
import { knowledgeContributor } from './contributor.js';
import { KnowledgeRepository } from './repository.js';
import { OpenAiEmbeddings } from './retrieval/embeddings.js';
import { searchIndexFor } from './retrieval/searchIndex.js';
import { VectorIndex } from './retrieval/vectors.js';
import { knowledgeRoutes } from './routes.js';
import { KnowledgeService, type KnowledgeUploads } from './service.js';
import { INGEST_TIMING, IngestWorker } from './worker.js';

export interface KnowledgeDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Pick<ServerConfig, 'knowledge'> & { chat: Pick<ServerConfig['chat'], 'bannedWordsFile' | 'instanceId'> };
  /** The uploads module: documents are the caller's own uploads and their extracted text. */
  uploads: KnowledgeUploads;
  requireUser: preHandlerAsyncHookHandler;
  now: Clock;
  log: Log;
}

export interface Knowledge {
  service: KnowledgeService;
  repo: KnowledgeRepository;
  worker: IngestWorker;
  /** The chat gateway's contributor for `knowledgeId`. */
  contributor: ContextContributor;
}

/** Knowledge bases (spec chat §7 "Knowledge", issue 22): the calls, the ingestion worker and retrieval. */
export async function createKnowledgeModule(deps: KnowledgeDeps): Promise<ServerModule<Knowledge>> {
  const repo = new KnowledgeRepository(deps.db);
  const { embeddings } = deps.config.knowledge;
  const embedder = embeddings ? new OpenAiEmbeddings(embeddings) : null;
  const worker = new IngestWorker({
    repo,
    uploads: deps.uploads,
    instanceId: deps.config.chat.instanceId,
    concurrency: deps.config.knowledge.workers,
    ...INGEST_TIMING,
    embedder,
    now: deps.now,
    log: deps.log,
  });
  const service = new KnowledgeService(repo, {
    limits: deps.config.knowledge,
    policy: loadContentPolicy(deps.config.chat.bannedWordsFile),
    uploads: deps.uploads,
    search: searchIndexFor(deps.db, deps.dialect),
    vectors: embedder ? { embedder, index: new VectorIndex(deps.db) } : null,
    now: deps.now,
    log: deps.log,
    onQueued: () => worker.wake(),
  });
  await worker.start();
  return {
    service: { service, repo, worker, contributor: knowledgeContributor(service) },
    routes: (app) => knowledgeRoutes(app, { service, requireUser: deps.requireUser }),
    close: () => worker.close(),
  };
}

export { KnowledgeService, type RetrievedPassage } from './service.js';
export { IngestWorker, INGEST_TIMING } from './worker.js';
export { chunkDocument, chunkText } from './chunker.js';
