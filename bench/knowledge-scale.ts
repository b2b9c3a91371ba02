/**
 * Knowledge at scale (issue 22): (1) ingestion throughput of a 300-page Chinese PDF — upload
 * (text extraction) plus ingestion (chunking, segmentation, indexing), pages per second; (2) the
 * hit test's latency over 50,000 passages in one base (the worst case: the full-text index of the
 * whole base is searched), with the evaluation set's questions; (3) the in-process vector scoring
 * (1,536 dimensions) over 5,000 and 50,000 passages, read from the database once, then warm.
 * The server runs in this process on SQLite in a temp dir (TEST_DATABASE=postgres: PostgreSQL).
 * Run from bench/: node --import tsx knowledge-scale.ts
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KnowledgeBase, KnowledgeHit, KnowledgeItem, UploadResult } from '../contracts/src/index.ts';
import { unitLength } from '../server/src/modules/knowledge/retrieval/embeddings.ts';
import { searchTerms } from '../server/src/modules/knowledge/retrieval/segment.ts';
import { VectorIndex, vectorBytes } from '../server/src/modules/knowledge/retrieval/vectors.ts';
import { multipart, pdfOfPages } from '../server/src/modules/uploads/testFiles.ts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../server/src/testing/accounts.ts';
import { createTestApp } from '../server/src/testing/testApp.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVAL = path.join(here, 'knowledge-eval');
const PAGES = 300;
const LINES_PER_PAGE = 22;
const CHARS_PER_LINE = 30;
const PASSAGES = 50_000;
const DIMENSIONS = 1536;

const evalText = fs
  .readdirSync(path.join(EVAL, 'documents'))
  .sort()
  .map((name) => fs.readFileSync(path.join(EVAL, 'documents', name), 'utf8'))
  .join('\n');
const paragraphs = evalText.split(/\n+/).map((line) => line.replace(/[#|*`>-]/g, '').trim()).filter((line) => line.length >= 20);
const questions = fs.readFileSync(path.join(EVAL, 'questions.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { question: string }).question);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** 300 pages of the evaluation set's text, 22 lines of 30 characters each (≈ 198,000 characters). */
function bookPages(): Array<{ chinese: string[] }> {
  const flat = [...paragraphs.join('。')];
  const pages: Array<{ chinese: string[] }> = [];
  let at = 0;
  for (let p = 0; p < PAGES; p++) {
    const lines: string[] = [];
    for (let l = 0; l < LINES_PER_PAGE; l++) {
      lines.push(Array.from({ length: CHARS_PER_LINE }, (_, i) => flat[(at + i) % flat.length]).join(''));
      at += CHARS_PER_LINE;
    }
    pages.push({ chinese: lines });
  }
  return pages;
}

const t = await createTestApp({ ...ACCOUNT_TEST_ENV, LOG_LEVEL: 'error', UPLOAD_PARSE_SECONDS: '300' });
try {
  const user = await registeredUser(t.app.server);
  const call = <T>(method: 'GET' | 'POST', route: string, payload?: unknown, headers?: Record<string, string>) =>
    data<T>(t.app.server, method, route, { token: user.token, ...(payload === undefined ? {} : { payload }), ...(headers ? { headers } : {}) });
  const db = t.app.db.db;
  console.log(`knowledge at scale on ${process.env.TEST_DATABASE ?? 'sqlite'}`);

  // (1) A 300-page PDF.
  const pdf = await pdfOfPages(bookPages());
  const book = await call<KnowledgeBase>('POST', 'backend-api/createKnowledge', { title: '三百页' });
  const started = performance.now();
  const { payload, headers } = multipart([{ name: 'file', filename: '三百页.pdf', value: pdf, contentType: 'application/pdf' }]);
  const upload = await call<UploadResult>('POST', 'backend-api/uploadChatKnowledge2', payload, headers);
  const extracted = performance.now();
  await call('POST', 'backend-api/addKnowledgeItems', { knowledgeId: book.id, uploadIds: [upload.knowledgeId] });
  let item: KnowledgeItem | undefined;
  for (;;) {
    [item] = await call<KnowledgeItem[]>('GET', `backend-api/getKnowledgeItems?knowledgeId=${book.id}`);
    if (item!.status === 'done' || item!.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (item!.status !== 'done') throw new Error(`the PDF failed: ${item!.error}`);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `300-page PDF (${(pdf.length / 1024 / 1024).toFixed(1)} MB, ${upload.fileContent?.length ?? 0} characters): extraction ${((extracted - started) / 1000).toFixed(1)} s, ` +
      `ingestion ${((performance.now() - extracted) / 1000).toFixed(1)} s → ${item!.chunkCount} passages, ${(PAGES / seconds).toFixed(1)} pages/s in all`,
  );

  // (2) 50,000 passages in one base, written straight to the tables (what ingestion writes), then hit-tested.
  const big = await call<KnowledgeBase>('POST', 'backend-api/createKnowledge', { title: '五万段' });
  const at = new Date().toISOString();
  const itemId = randomUUID();
  await db
    .insertInto('knowledge_items')
    .values({ id: itemId, knowledge_id: big.id, user_id: user.id, upload_id: upload.knowledgeId!, name: '五万段.txt', mime: 'text/plain', size: 1, status: 'done', error: null, chunk_count: PASSAGES, attempts: 1, claimed_by: null, heartbeat_at: null, created_at: at, updated_at: at })
    .execute();
  const writeStart = performance.now();
  for (let i = 0; i < PASSAGES; i += 500) {
    const rows = Array.from({ length: Math.min(500, PASSAGES - i) }, (_, j) => {
      const seq = i + j;
      // Three paragraphs of the set per passage, rotated so passages differ (≈ 300 characters).
      const text = [0, 1, 2].map((k) => paragraphs[(seq * 7 + k * 131) % paragraphs.length]).join('\n');
      return { id: randomUUID(), item_id: itemId, knowledge_id: big.id, seq, heading: '', text, terms: searchTerms(text).join(' '), created_at: at };
    });
    await db.insertInto('knowledge_chunks').values(rows).execute();
  }
  console.log(`wrote ${PASSAGES} passages in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`);
  const latencies: number[] = [];
  for (const query of questions) {
    const begin = performance.now();
    await call<KnowledgeHit[]>('POST', 'backend-api/knowledgeHitTest', { knowledgeId: big.id, query, topK: 5 });
    latencies.push(performance.now() - begin);
  }
  console.log(`hit test over ${PASSAGES} passages (${questions.length} questions, HTTP in process): p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}`);

  // (3) Vector scoring in process.
  const index = new VectorIndex(db);
  const chunkIds = (await db.selectFrom('knowledge_chunks').select('id').where('knowledge_id', '=', big.id).orderBy('seq').execute()).map((row) => row.id);
  const randomVector = () => unitLength(Float32Array.from({ length: DIMENSIONS }, () => Math.random() - 0.5));
  let written = 0;
  for (const size of [5_000, PASSAGES]) {
    for (; written < size; written += 500) {
      await db.insertInto('knowledge_vectors').values(chunkIds.slice(written, Math.min(size, written + 500)).map((chunkId) => ({ chunk_id: chunkId, knowledge_id: big.id, model: 'bench', vector: vectorBytes(randomVector()), created_at: at }))).execute();
    }
    const coldStart = performance.now();
    await index.search(big.id, 'bench', randomVector(), 32);
    const cold = performance.now() - coldStart;
    const warm: number[] = [];
    for (let i = 0; i < 50; i++) {
      const begin = performance.now();
      await index.search(big.id, 'bench', randomVector(), 32);
      warm.push(performance.now() - begin);
    }
    console.log(`vector scoring, ${size} passages × ${DIMENSIONS} dimensions: first query (reads the vectors) ${ms(cold)}, then p50 ${ms(percentile(warm, 0.5))}, p99 ${ms(percentile(warm, 0.99))}`);
  }
} finally {
  await t.close();
}
