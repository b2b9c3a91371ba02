/**
 * Knowledge at scale (issue 22): (1) ingestion throughput of a 300-page Chinese PDF — upload
 * (text extraction) plus ingestion (chunking, segmentation, indexing), pages per second; (2) the
 * hit test's latency (and recall@5) over 50,000 passages in one base, with the evaluation set's
 * questions, on two corpora: the set's documents among 50,000 passages of text sampled from
 * jieba's dictionary by word frequency (realistic term statistics), and 50,000 passages recombined
 * from the set's own paragraphs (the worst case: every word in hundreds of passages); (3) the in-process vector scoring
 * (1,536 dimensions) over 5,000 and 50,000 passages, read from the database once, then warm.
 * The server runs in this process on SQLite in a temp dir (TEST_DATABASE=postgres: PostgreSQL).
 * Run from bench/: node --import tsx knowledge-scale.ts
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { KnowledgeBase, KnowledgeHit, KnowledgeItem, UploadResult } from '../contracts/src/index.ts';
import { unitLength } from '../server/src/modules/knowledge/retrieval/embeddings.ts';
import { searchTerms } from '../server/src/modules/knowledge/retrieval/segment.ts';
import { VectorIndex, vectorBytes } from '../server/src/modules/knowledge/retrieval/vectors.ts';
import { multipart, pdfOfPages } from '../server/src/modules/uploads/testFiles.ts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../server/src/testing/accounts.ts';
import { createTestApp } from '../server/src/testing/testApp.ts';
import { answerRank, EVAL_DIR, evalDocuments, evalQuestions, ingestEvalSet } from './support/knowledgeEval.ts';

const PAGES = 300;
const LINES_PER_PAGE = 22;
const CHARS_PER_LINE = 30;
const PASSAGES = 50_000;
const DIMENSIONS = 1536;

const evalText = evalDocuments.map((name) => fs.readFileSync(path.join(EVAL_DIR, 'documents', name), 'utf8')).join('\n');
const paragraphs = evalText.split(/\n+/).map((line) => line.replace(/[#|*`>-]/g, '').trim()).filter((line) => line.length >= 20);

/** Words of jieba's dictionary drawn by their frequency with a seeded generator: text with a natural vocabulary, meaning nothing. */
function dictionaryText(): (chars: number) => string {
  const { dict } = createRequire(path.join(import.meta.dirname, '..', 'server', 'package.json'))('@node-rs/jieba/dict') as { dict: Uint8Array };
  const words: string[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const line of Buffer.from(dict).toString('utf8').split('\n')) {
    const [word, freq] = line.split(' ');
    if (!word || !/^\p{Script=Han}+$/u.test(word)) continue;
    total += Number(freq);
    words.push(word);
    cumulative.push(total);
  }
  let seed = 42;
  const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const word = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return words[low]!;
  };
  return (chars) => {
    let text = '';
    while (text.length < chars) text += word() + (random() < 0.1 ? (random() < 0.3 ? '。' : '，') : '');
    return `${text}。`;
  };
}

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

  // (2) 50,000 passages in one base, hit-tested with the set's questions.
  const at = new Date().toISOString();
  /** Writes generated passages straight to the tables (what ingestion writes) until the base holds PASSAGES. */
  async function fillBase(base: KnowledgeBase, passageText: (seq: number) => string): Promise<void> {
    const itemId = randomUUID();
    const have = (await call<KnowledgeItem[]>('GET', `backend-api/getKnowledgeItems?knowledgeId=${base.id}`)).reduce((sum, item) => sum + item.chunkCount, 0);
    const adding = PASSAGES - have;
    await db
      .insertInto('knowledge_items')
      .values({ id: itemId, knowledge_id: base.id, user_id: user.id, upload_id: upload.knowledgeId!, name: '生成.txt', mime: 'text/plain', size: 1, status: 'done', error: null, chunk_count: adding, attempts: 1, claimed_by: null, heartbeat_at: null, created_at: at, updated_at: at })
      .execute();
    for (let i = 0; i < adding; i += 500) {
      const rows = Array.from({ length: Math.min(500, adding - i) }, (_, j) => {
        const text = passageText(i + j);
        return { id: randomUUID(), item_id: itemId, knowledge_id: base.id, seq: i + j, heading: '', text, terms: searchTerms(text).join(' '), created_at: at };
      });
      await db.insertInto('knowledge_chunks').values(rows).execute();
    }
  }
  async function measure(label: string, base: KnowledgeBase): Promise<void> {
    const latencies: number[] = [];
    let found = 0;
    for (const question of evalQuestions) {
      const begin = performance.now();
      const hits = await call<KnowledgeHit[]>('POST', 'backend-api/knowledgeHitTest', { knowledgeId: base.id, query: question.question, topK: 5 });
      latencies.push(performance.now() - begin);
      if (answerRank(hits, question) > 0) found++;
    }
    console.log(`hit test over ${PASSAGES} passages, ${label} (${evalQuestions.length} questions, HTTP in process): p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, recall@5 ${(found / evalQuestions.length).toFixed(3)}`);
  }

  const realistic = await call<KnowledgeBase>('POST', 'backend-api/createKnowledge', { title: '五万段' });
  await ingestEvalSet(call, realistic.id);
  const sample = dictionaryText();
  await fillBase(realistic, () => sample(300));
  await measure('the set among dictionary-sampled text', realistic);

  const repetitive = await call<KnowledgeBase>('POST', 'backend-api/createKnowledge', { title: '重复段落' });
  await fillBase(repetitive, (seq) => [0, 1, 2].map((k) => paragraphs[(seq * 7 + k * 131) % paragraphs.length]).join('\n'));
  await measure("the set's paragraphs recombined (worst case)", repetitive);
  const big = repetitive;

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
