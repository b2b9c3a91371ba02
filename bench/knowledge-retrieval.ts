/**
 * Knowledge retrieval quality and speed (issue 22) on the Chinese evaluation set in
 * bench/knowledge-eval/ (its README says how it was made and what counts as a hit): every document
 * uploaded and added to one knowledge base through the API, the worker's ingestion awaited, then
 * each question hit-tested (top 5): recall@5, MRR, by kind, and the hit test's latency. The
 * server runs in this process on SQLite in a temp dir (TEST_DATABASE=postgres: on PostgreSQL),
 * without embeddings — the embedded default, the figure that counts. EMBEDDINGS=fake adds the
 * local fake endpoint's hashed-bigram vectors (the vector path's cost and its fusion, not a quality
 * model).
 * Run from bench/: node --import tsx knowledge-retrieval.ts
 */
import type { KnowledgeBase, KnowledgeHit } from '../contracts/src/index.ts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../server/src/testing/accounts.ts';
import { startFakeEmbeddings } from '../server/src/testing/fakeEmbeddings.ts';
import { createTestApp } from '../server/src/testing/testApp.ts';
import { answerRank, evalDocuments as documents, evalQuestions as questions, ingestEvalSet } from './support/knowledgeEval.ts';

const TOP_K = 5;

const fakeEmbeddings = process.env.EMBEDDINGS === 'fake' ? await startFakeEmbeddings({ dimensions: 256 }) : null;
const t = await createTestApp({ ...ACCOUNT_TEST_ENV, LOG_LEVEL: 'error', ...(fakeEmbeddings ? { EMBEDDING_API_BASE_URL: fakeEmbeddings.baseUrl } : {}) });
try {
  const user = await registeredUser(t.app.server);
  const call = <T>(method: 'GET' | 'POST', route: string, payload?: unknown, headers?: Record<string, string>) =>
    data<T>(t.app.server, method, route, { token: user.token, ...(payload === undefined ? {} : { payload }), ...(headers ? { headers } : {}) });
  const base = await call<KnowledgeBase>('POST', 'backend-api/createKnowledge', { title: '评测知识库' });

  const ingestStart = performance.now();
  const items = await ingestEvalSet(call, base.id);
  const ingestMs = performance.now() - ingestStart;
  const chunks = items.reduce((sum, item) => sum + item.chunkCount, 0);

  const byKind = new Map<string, { n: number; hits: number; rr: number }>();
  const latencies: number[] = [];
  let hits = 0;
  let reciprocal = 0;
  for (const q of questions) {
    const started = performance.now();
    const found = await call<KnowledgeHit[]>('POST', 'backend-api/knowledgeHitTest', { knowledgeId: base.id, query: q.question, topK: TOP_K });
    latencies.push(performance.now() - started);
    const rank = answerRank(found, q);
    const kind = byKind.get(q.kind) ?? { n: 0, hits: 0, rr: 0 };
    kind.n++;
    if (rank > 0) {
      hits++;
      reciprocal += 1 / rank;
      kind.hits++;
      kind.rr += 1 / rank;
    }
    byKind.set(q.kind, kind);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  console.log(`knowledge retrieval on ${process.env.TEST_DATABASE ?? 'sqlite'}, ${fakeEmbeddings ? 'fake embeddings' : 'no embeddings'}: ${documents.length} documents → ${chunks} passages (ingested in ${(ingestMs / 1000).toFixed(1)} s), ${questions.length} questions`);
  console.log('| questions | n | recall@5 | MRR |');
  console.log('|---|---|---|---|');
  console.log(`| all | ${questions.length} | ${(hits / questions.length).toFixed(3)} | ${(reciprocal / questions.length).toFixed(3)} |`);
  for (const [kind, k] of [...byKind].sort()) console.log(`| ${kind} | ${k.n} | ${(k.hits / k.n).toFixed(3)} | ${(k.rr / k.n).toFixed(3)} |`);
  console.log(`hit test over HTTP (in process): p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms`);
} finally {
  await t.close();
  await fakeEmbeddings?.close();
}
