/**
 * AI slides with the offline writer (issue 25): the time from an outline confirmed (ppt/start) to a
 * 12-slide .pptx in hand — the durable task queued, claimed, written slide by slide and settled,
 * read back over HTTP every 50 ms as the page polls (it polls every 800 ms), then the .pptx built
 * with the page's own builder (mf-media/src/slides/deck/pptx.ts, pptxgenjs) — and the file's size.
 * The server runs in this process (SQLite in a temp dir, one slide worker, no CHAT_CHANNELS);
 * SLIDES_OFFLINE_PACE_MS=0 measures the work (the product's default pace of 300 ms per slide, which
 * lets a user watch the slides appear, adds 11 × 300 ms). BENCH_DECKS (default 5).
 * Run from bench/: node --import tsx slides-offline.ts.
 */
import { createRequire } from 'node:module';
import type { Deck } from '../contracts/src/slides.ts';
import { buildPptx } from '../mf-media/src/slides/deck/pptx.ts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../server/src/testing/accounts.ts';
import { createTestApp } from '../server/src/testing/testApp.ts';

// pptxgenjs is the media area's dependency, not the bench package's.
const PptxGenJS = createRequire(new URL('../mf-media/package.json', import.meta.url))('pptxgenjs') as typeof import('pptxgenjs').default;
const DECKS = Number(process.env.BENCH_DECKS ?? 5);
const TOPICS = ['人工智能与教育', '第三季度销售工作汇报', '春季新品推广方案', '城市垃圾分类的现状与对策', '新员工入职培训'];

const t = await createTestApp({ ...ACCOUNT_TEST_ENV, SLIDES_OFFLINE_PACE_MS: '0', SLIDES_WORKERS: '1' });
const rows: Array<{ topic: string; taskMs: number; pptxMs: number; totalMs: number; bytes: number; layouts: string }> = [];
try {
  for (let i = 0; i < DECKS; i++) {
    // A fresh user per deck: each deck costs the 1000-point price.
    const user = await registeredUser(t.app.server);
    const call = <T>(path: string, payload: unknown) => data<T>(t.app.server, 'POST', path, { token: user.token, payload });
    const topic = TOPICS[i % TOPICS.length]!;
    let deck = await call<Deck>('ppt/createToken', { topic, slideCount: 12, templateId: 'ocean' });
    while (deck.status === 'outlining') deck = await call<Deck>('ppt/success', { deckId: deck.id });
    const started = performance.now();
    deck = await call<Deck>('ppt/start', { deckId: deck.id, templateId: 'ocean', outline: deck.outline });
    while (deck.status === 'queued' || deck.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      deck = await call<Deck>('ppt/success', { deckId: deck.id });
    }
    if (deck.status !== 'succeeded') throw new Error(`deck failed: ${deck.error}`);
    const generated = performance.now();
    const buffer = (await buildPptx(PptxGenJS, deck).write({ outputType: 'nodebuffer' })) as Buffer;
    const built = performance.now();
    rows.push({ topic, taskMs: generated - started, pptxMs: built - generated, totalMs: built - started, bytes: buffer.length, layouts: [...new Set(deck.slides.map((s) => s.layout))].join(' ') });
  }
} finally {
  await t.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
console.log('| topic | start → succeeded ms | .pptx built ms | total ms | .pptx KiB | layouts |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.topic} | ${row.taskMs.toFixed(0)} | ${row.pptxMs.toFixed(0)} | ${row.totalMs.toFixed(0)} | ${(row.bytes / 1024).toFixed(1)} | ${row.layouts} |`);
console.log(`\nmedian total ${median(rows.map((r) => r.totalMs)).toFixed(0)} ms, median .pptx ${(median(rows.map((r) => r.bytes)) / 1024).toFixed(1)} KiB (12 slides)`);
