// Chat rendering in headless Chromium against the built front end: a ~2,000-token markdown answer
// streamed at ~100 chunks/s (main-thread busy time, long tasks, final render after the last chunk,
// the answer settled and the composer ready after the upstream's last chunk, how getStream ended),
// and opening a 200- and a 2,000-message conversation by a click in the history (last message
// visible, JS heap after) and by a reload of its URL, and pasting 2,000 lines into the composer,
// then typing a key.
// A benchmark, not a test: it reports each figure next to its target and rewrites the
// "Chat rendering" figures of bench/README.md; it exits non-zero only when it cannot measure.
// Run: pnpm --filter @qiming/bench run render   (see bench/README.md for the options)
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { composeAnswer } from '../server/src/modules/chat/upstream/offline/composeAnswer.ts';
import { OFFLINE_DEFAULTS } from '../server/src/modules/chat/upstream/offline/offlineModel.ts';
import { countTokens, estimateTokens } from '../server/src/modules/chat/upstream/tokens.ts';
import { ACCOUNT_TEST_ENV } from '../server/src/testing/accounts.ts';
import { STORAGE_KEYS } from '../shared-sdk/src/stores/storageKeys.ts';
import { STREAM_ANSWER, seedClosing } from './chat-render/documents.ts';
import type { InPageState } from './chat-render/in-page.d.ts';
import { BenchProduct } from './chat-render/product.ts';
import { createBenchUser, seedConversation, type BenchUser, type SeededConversation } from './chat-render/seed.ts';
import { busyInWindow, TRACE_CATEGORIES, type BusyFigures } from './chat-render/trace.ts';
import { startPacedUpstream } from './chat-render/upstream.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const IN_PAGE_SCRIPT = path.join(here, 'chat-render', 'in-page.js');
const README = path.join(here, 'README.md');

const MODEL = 'glm-4-flash';
const RUNS = positiveInteger('BENCH_RENDER_RUNS', 3);
const CHUNKS_PER_SECOND = positiveInteger('BENCH_RENDER_CHUNKS_PER_SECOND', 100);
/** Set: the offline model answers this question instead of the scripted answer (see README). */
const OFFLINE_QUESTION = process.env.BENCH_RENDER_QUESTION?.trim() || undefined;
const FIRST_CHUNK_MS = 100;
/** How long the local upstream takes to answer the gateway's follow-up suggestions call (a slow real model). */
const FOLLOW_UP_MS = positiveInteger('BENCH_RENDER_FOLLOW_UP_MS', 2000);
/** Set: each stream's trace, with V8's CPU samples, is kept there for DevTools (see README). */
const TRACE_DIR = process.env.BENCH_RENDER_TRACE_DIR?.trim() || undefined;
const PARTS = ['stream', 'open', 'paste'] as const;
/** BENCH_RENDER_PARTS=stream,open,paste (default all); README.md is rewritten only by a run of all. */
const PARTS_RUN = new Set(process.env.BENCH_RENDER_PARTS?.split(',').map((part) => part.trim()) ?? PARTS);
const CONVERSATION_SIZES = [200, 2000] as const;
const VIEWPORT = { width: 1440, height: 900 };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const ACTION_TIMEOUT_MS = 30_000;
const VISIBLE_TIMEOUT_MS = 30_000;
const DEADLINE_MS = 20 * 60_000;
const MB = 1024 * 1024;
const TARGETS = {
  busyShare: 0.15,
  longTaskMs: 50,
  finalRenderMs: 50,
  answerSettledMs: 267,
  openMs: { 200: 150, 2000: 350 } as Record<number, number>,
  reloadMs: { 200: 500, 2000: 700 } as Record<number, number>,
  heapMb: 40,
  pasteMs: 100,
  keyMs: 50,
};
/** Issue 19 item 21: pasting this many lines into the composer took ~11 s in the report. */
const PASTED_LINES = 2000;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

// ---- cleaning up, whatever happens ------------------------------------------------------------

/** Undo steps, newest first; registered as soon as there is something to undo. */
const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | undefined;
/** One clean-up however many ask for it (the run's end, a signal, the deadline). */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) await step().catch((error) => console.error('[bench] clean-up step failed:', error));
  })();
  return cleaning;
}
function abort(reason: string, code: number): void {
  console.error(`[bench] ${reason}: stopping`);
  void cleanUp().finally(() => process.exit(code));
}
process.once('SIGINT', () => abort('interrupted', 130));
process.once('SIGTERM', () => abort('terminated', 143));
process.once('uncaughtException', (error) => abort(`uncaught ${error.stack ?? error}`, 1));
process.once('unhandledRejection', (error) => abort(`unhandled rejection: ${error instanceof Error ? error.stack : error}`, 1));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---- what streams -----------------------------------------------------------------------------

interface StreamSource {
  description: string;
  question: string;
  answer: string;
  /** The answer's last sentence as any markdown renderer shows it. */
  closing: string;
  env: Record<string, string>;
  /** Epoch ms at which the upstream wrote the latest answer's last chunk; null for the offline model (the last chunk's arrival stands in). */
  upstreamEndAt(): number | null;
}

/** The last line of a markdown answer without its block markers (quote, heading, list). */
const closingOf = (answer: string) => answer.trim().split('\n').at(-1)!.replace(/^\s*(>|#{1,6}|[-*+]|\d+\.)\s*/, '');

/**
 * By default a local OpenAI-compatible upstream streams the scripted answer (documents.ts) in the
 * offline model's 4-character pieces; with BENCH_RENDER_QUESTION the offline model answers, paced so
 * its pieces come at the same rate (pacing.ts: a piece's pause is its share of tokens / rate).
 */
async function streamSource(): Promise<StreamSource> {
  if (OFFLINE_QUESTION) {
    const { content } = composeAnswer({ messages: [{ role: 'user', content: OFFLINE_QUESTION }], catalogueModel: MODEL, think: false, webSearch: false });
    const tokensPerSecond = (CHUNKS_PER_SECOND * OFFLINE_DEFAULTS.chunkChars * estimateTokens(content)) / content.length;
    return {
      description: `the offline model answering “${OFFLINE_QUESTION}” (OFFLINE_TOKENS_PER_SECOND=${tokensPerSecond.toFixed(1)})`,
      question: OFFLINE_QUESTION,
      answer: content,
      closing: closingOf(content),
      env: { OFFLINE_TOKENS_PER_SECOND: String(tokensPerSecond), OFFLINE_FIRST_TOKEN_MS: String(FIRST_CHUNK_MS) },
      upstreamEndAt: () => null,
    };
  }
  const upstream = await startPacedUpstream(STREAM_ANSWER, CHUNKS_PER_SECOND, FIRST_CHUNK_MS, FOLLOW_UP_MS);
  cleanups.push(() => upstream.close());
  return {
    description: `the scripted answer from a local OpenAI-compatible upstream through the gateway, ${OFFLINE_DEFAULTS.chunkChars} characters a chunk as the offline model cuts them; the upstream answers the follow-up suggestions call after ${FOLLOW_UP_MS} ms`,
    question: '请系统介绍排序算法：原理、复杂度分析、常见算法对比和工程实践，并给出代码和公式。',
    answer: STREAM_ANSWER,
    closing: closingOf(STREAM_ANSWER),
    env: {
      CHAT_CHANNELS: JSON.stringify([{ id: 'bench-render', kind: 'openai-compatible', baseUrl: upstream.baseUrl, apiKeyEnv: 'BENCH_RENDER_UPSTREAM_KEY', models: [MODEL] }]),
      BENCH_RENDER_UPSTREAM_KEY: 'bench',
    },
    upstreamEndAt: () => upstream.lastAnswerEndAt(),
  };
}

// ---- pages ------------------------------------------------------------------------------------

/**
 * A fresh context signed in as `user` (the SDK's session keys, as the login page stores them), with
 * in-page.js; `errors` collects the page's uncaught errors, which the report names.
 */
async function signedInPage(browser: Browser, origin: string, user: BenchUser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: origin });
  const session = { [STORAGE_KEYS.accessToken]: user.accessToken, [STORAGE_KEYS.refreshToken]: user.refreshToken, [STORAGE_KEYS.loginState]: 'true', [STORAGE_KEYS.selectedModel]: MODEL };
  await context.addInitScript({ content: `for (const [k, v] of Object.entries(${JSON.stringify(session)})) localStorage.setItem(k, v);` });
  await context.addInitScript({ path: IN_PAGE_SCRIPT });
  const page = await context.newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** /chatPage (or `path`) loaded, its requests done and the page quiet, so the measurement starts from rest. */
async function openChatPage(page: Page, path = '/chatPage'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('composer-input').waitFor({ state: 'visible' }).catch(async (error) => {
    const shown = await page.evaluate(() => document.body?.innerText.slice(0, 300)).catch(() => '?');
    throw new Error(`/chatPage: the composer did not show; the page shows ${JSON.stringify(shown)}`, { cause: error });
  });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  // As for a returning user: the service worker's first-visit caching is over before anything is measured.
  if (!(await page.evaluate((maxMs) => window.__bench.serviceWorkerSettled(maxMs), 30_000))) console.warn('  (the service worker did not settle within 30 s)');
  // A fresh browser gets the site's 重要通知 first, as a first visitor does: close it like one.
  const notice = page.getByTestId('announcement-modal');
  if (await notice.isVisible()) await notice.getByRole('button', { name: '我已了解' }).click();
  await page.evaluate(() => window.__bench.quiet(500, 5000));
}

// ---- the streamed answer ----------------------------------------------------------------------

interface StreamRun {
  chunks: number;
  durationMs: number;
  chunksPerSecond: number;
  busy: BusyFigures;
  longTasks: number[];
  /** null: the closing sentence was never drawn in view. */
  finalRenderMs: number | null;
  /** The closing sentence is still in view once the box stopped changing (a saved answer may be cut). */
  finalTextKept: boolean;
  settledMs: number;
  /** From the upstream's last chunk (or, for the offline model, the last chunk's arrival in the page): */
  afterUpstream: {
    /** …to the last change of the answer's markdown. */
    answerSettledMs: number | null;
    /** …to the first frame without the stop button. */
    composerReadyMs: number | null;
    /** …to the chunk completing the answer, and to the follow-up chunk. */
    answerCompleteMs: number | null;
    followUpMs: number | null;
    /** …to the end of the getStream body. */
    streamEndMs: number | null;
  };
  /** From `event: done` to the end of the body, when the server closed it and the SDK read it to the end. */
  closeAfterDoneMs: number | null;
  /** How the getStream body ended: the server closed it (read to its end), the SDK cancelled its reader, or it broke off (an abort). */
  closedBy: 'server' | 'sdk-cancel' | 'broken' | 'unknown';
  /** The SDK aborted the request's signal (an ERR_ABORTED unless the body had already ended). */
  sdkAborted: boolean;
  /** getStream requests Chromium's network log reports as failed with net::ERR_ABORTED. */
  networkAborts: number;
  errors: string[];
}

async function measureStream(browser: Browser, origin: string, user: BenchUser, source: StreamSource): Promise<StreamRun> {
  const { context, page, errors } = await signedInPage(browser, origin, user);
  let networkAborts = 0;
  page.on('requestfailed', (request) => {
    if (request.url().includes('/backend-api/getStream') && /ERR_ABORTED/.test(request.failure()?.errorText ?? '')) networkAborts++;
  });
  let tracing = false;
  try {
    await openChatPage(page);
    await page.evaluate((closing) => window.__bench.watchRender(closing), source.closing);
    await browser.startTracing(page, { categories: TRACE_DIR ? [...TRACE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler'] : TRACE_CATEGORIES });
    tracing = true;
    await page.getByTestId('composer-input').fill(source.question);
    await page.getByTestId('composer-input').press('Enter');
    const expectedMs = (source.answer.length / OFFLINE_DEFAULTS.chunkChars / CHUNKS_PER_SECOND) * 1000;
    await withTimeout(page.evaluate(() => window.__bench.whenStreamEnds()), expectedMs + 60_000, 'the answer did not finish streaming');
    await page.evaluate(() => window.__bench.quiet(1000, 10_000));
    const trace = await browser.stopTracing();
    tracing = false;
    if (TRACE_DIR) keepTrace(trace);
    const finalTextKept = await page.evaluate((closing) => window.__bench.shows(closing), source.closing);
    const { state, timeOrigin } = await page.evaluate(() => {
      const { contentTimes, firstContentMark, streamEndedAt, longTasks, render, stream } = window.__bench.state;
      return { state: { contentTimes, firstContentMark, streamEndedAt, longTasks, render, stream } satisfies InPageState, timeOrigin: performance.timeOrigin };
    });
    const first = state.contentTimes[0];
    const last = state.contentTimes.at(-1);
    if (first === undefined || last === undefined || state.firstContentMark === null || !state.render) throw new Error('the page saw no answer text in the getStream response');
    const durationMs = last - first;
    // Both clocks are this machine's: epoch ms of the upstream's write, in the page's performance.now().
    const upstreamEnd = source.upstreamEndAt();
    const reference = upstreamEnd === null ? last : upstreamEnd - timeOrigin;
    const since = (at: number | null) => (at === null ? null : at - reference);
    const { stream, render } = state;
    const closedBy = stream.bodyEnd === 'ended' ? 'server' : stream.bodyEnd === 'cancelled' ? 'sdk-cancel' : stream.bodyEnd === 'failed' ? 'broken' : 'unknown';
    return {
      chunks: state.contentTimes.length,
      durationMs,
      chunksPerSecond: ((state.contentTimes.length - 1) * 1000) / durationMs,
      busy: busyInWindow(trace, { name: 'bench:first-content', startTime: state.firstContentMark }, { start: first, end: last }),
      longTasks: state.longTasks.filter((t) => t.duration > TARGETS.longTaskMs && t.start < last && t.start + t.duration > first).map((t) => t.duration),
      finalRenderMs: state.render.finalTextAt === null ? null : state.render.finalTextAt - last,
      finalTextKept,
      settledMs: (state.render.lastFrameAt ?? last) - last,
      afterUpstream: {
        answerSettledMs: since(render.answerChangedAt),
        composerReadyMs: since(render.stopGoneAt),
        answerCompleteMs: since(stream.answerCompleteAt),
        followUpMs: since(stream.followUpAt),
        streamEndMs: since(stream.bodyEndAt),
      },
      // Known only when the app read the body to its end itself (after an abort, the end was found later).
      closeAfterDoneMs: closedBy === 'server' && stream.abortedAt === null && stream.doneAt !== null && stream.bodyEndAt !== null ? stream.bodyEndAt - stream.doneAt : null,
      closedBy,
      sdkAborted: stream.abortedAt !== null,
      networkAborts,
      errors,
    };
  } finally {
    if (tracing) await browser.stopTracing().catch(() => undefined);
    await context.close();
  }
}

function keepTrace(trace: Buffer): void {
  fs.mkdirSync(TRACE_DIR!, { recursive: true });
  const file = path.join(TRACE_DIR!, `stream-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, trace);
  console.log(`  trace kept: ${file}`);
}

// ---- opening a long conversation --------------------------------------------------------------

interface OpenRun {
  /** null: the last message was not visible within VISIBLE_TIMEOUT_MS. */
  visibleMs: number | null;
  treeMs: number | null;
  treeBytes: number | null;
  heapMb: number | null;
  messageNodes: number;
  errors: string[];
}

async function measureOpen(browser: Browser, origin: string, user: BenchUser, conversation: SeededConversation): Promise<OpenRun> {
  const { context, page, errors } = await signedInPage(browser, origin, user);
  try {
    await openChatPage(page);
    const item = page.getByTestId('history-item').filter({ hasText: conversation.title });
    await item.waitFor({ state: 'visible' });
    await page.evaluate((closing) => window.__bench.watchOpen(closing), seedClosing(conversation.lastTurn));
    await item.getByRole('button').first().click();
    const times = await withTimeout(page.evaluate(() => window.__bench.whenVisible()), VISIBLE_TIMEOUT_MS, 'not visible').catch(() => null);
    const messageNodes = await page.evaluate(() => window.__bench.messageNodes());
    if (!times) return { visibleMs: null, treeMs: null, treeBytes: null, heapMb: null, messageNodes, errors };
    await page.evaluate(() => window.__bench.quiet(1000, 10_000));
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    return {
      visibleMs: times.visibleAt - times.clickAt,
      treeMs: times.treeResponseEnd === null ? null : times.treeResponseEnd - times.clickAt,
      treeBytes: times.treeBytes,
      heapMb: heap.usedSize / MB,
      messageNodes,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** The conversation's own URL (mf-chat/README.md, "Conversation URLs"). */
const conversationUrl = (conversation: SeededConversation) => `/chatPage?conv=${conversation.id}`;

/**
 * Opening by a reload of the conversation's URL: the URL visited once (the browser caches what it
 * may, as for anyone who had the page open), the page quiet, then reloaded; from the reload's
 * navigation start to the first frame that draws the last answer's last sentence in view. Without
 * a conversation: /chatPage reloaded until its composer is drawn — the page's own share of it.
 */
async function measureReload(browser: Browser, origin: string, user: BenchUser, conversation: SeededConversation | null): Promise<OpenRun> {
  const { context, page, errors } = await signedInPage(browser, origin, user);
  try {
    const closing = conversation ? seedClosing(conversation.lastTurn) : null;
    await openChatPage(page, conversation ? conversationUrl(conversation) : '/chatPage');
    await page.evaluate((text) => window.__bench.watchReload(text), closing);
    await page.reload();
    const times = await withTimeout(page.evaluate(() => window.__bench.whenVisible()), VISIBLE_TIMEOUT_MS, 'not visible').catch(() => null);
    const messageNodes = await page.evaluate(() => window.__bench.messageNodes());
    if (!times) return { visibleMs: null, treeMs: null, treeBytes: null, heapMb: null, messageNodes, errors };
    return { visibleMs: times.visibleAt, treeMs: times.treeResponseEnd, treeBytes: times.treeBytes, heapMb: null, messageNodes, errors };
  } finally {
    await context.close();
  }
}

// ---- pasting into the composer ----------------------------------------------------------------

interface PasteRun {
  /** From the paste until the composer holds the text and a frame is drawn. */
  pasteMs: number;
  /** Then one more keystroke until it shows. */
  keyMs: number;
  chars: number;
  errors: string[];
}

/**
 * In the page: performance.now() of the first frame drawn once the composer's value has `length`
 * characters. A string, not a function: tsx would wrap a function's inner helpers in its own
 * `__name`, which the page does not have.
 */
const frameOnceComposerHolds = (length: number) => `new Promise((resolve) => {
  const check = () => {
    const input = document.querySelector('[data-testid="composer-input"]');
    if (input && input.value.length >= ${length}) requestAnimationFrame(() => resolve(performance.now()));
    else requestAnimationFrame(check);
  };
  check();
})`;

async function measurePaste(browser: Browser, origin: string, user: BenchUser): Promise<PasteRun> {
  const { context, page, errors } = await signedInPage(browser, origin, user);
  try {
    await openChatPage(page);
    const text = Array.from({ length: PASTED_LINES }, (_, i) => `第 ${i + 1} 行：用来测量粘贴速度的一行文字 line ${i + 1} of the pasted log`).join('\n');
    await page.getByTestId('composer-input').focus();
    // A paste event carrying the text, as the browser sends one; when the page does not take it
    // over (preventDefault), the browser's own insertion follows — insertText does exactly that.
    const pasteStart = await page.evaluate(() => performance.now());
    const handled = await page.evaluate(`(() => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', ${JSON.stringify(text)});
      const paste = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
      document.querySelector('[data-testid="composer-input"]').dispatchEvent(paste);
      return paste.defaultPrevented;
    })()`);
    if (!handled) await page.keyboard.insertText(text);
    const pasted = await page.evaluate<number>(frameOnceComposerHolds(text.length));
    const keyStart = await page.evaluate(() => performance.now());
    await page.keyboard.type('x');
    const typed = await page.evaluate<number>(frameOnceComposerHolds(text.length + 1));
    return { pasteMs: pasted - pasteStart, keyMs: typed - keyStart, chars: text.length, errors };
  } finally {
    await context.close();
  }
}

// ---- report -----------------------------------------------------------------------------------

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;
const runsOf = (values: Array<number | null>, format: (v: number) => string) => `runs: ${values.map((v) => (v === null ? '—' : format(v))).join(', ')}`;
const verdict = (value: number, target: number) => (value <= target ? '✅' : '❌');
const numbers = (values: Array<number | null>) => values.filter((v): v is number => v !== null);
/** The distinct uncaught page errors of some runs, for the report. */
const pageErrors = (runs: Array<{ errors: string[] }>) => {
  const distinct = [...new Set(runs.flatMap((r) => r.errors))];
  return distinct.length ? `page error: ${distinct.map((e) => `“${e}”`).join(', ')}` : '';
};

interface Row {
  what: string;
  measured: string;
  target: string;
  ok: string;
}

function streamRows(source: StreamSource, runs: StreamRun[]): Row[] {
  const finals = runs.map((r) => r.finalRenderMs);
  const shownFinals = numbers(finals);
  const never = runs.length - shownFinals.length;
  const lost = runs.filter((r) => r.finalRenderMs !== null && !r.finalTextKept).length;
  const finalRow: Row = {
    what: 'Final render after the last chunk',
    measured: [
      shownFinals.length ? `${ms(median(shownFinals))} (${runsOf(finals, ms)})` : '',
      never ? `the answer's last sentence never showed in ${never} of ${runs.length} runs` : '',
      lost ? `it was no longer in view once the box settled in ${lost} of ${runs.length} runs (a saved answer shown shorter, or scrolled away)` : '',
      `the messages box stopped changing ${ms(median(runs.map((r) => r.settledMs)))} after the last chunk (${runsOf(runs.map((r) => r.settledMs), ms)})`,
    ]
      .filter(Boolean)
      .join('; '),
    target: `≤ ${TARGETS.finalRenderMs} ms`,
    ok: never ? '❌' : lost ? '⚠️' : verdict(median(shownFinals), TARGETS.finalRenderMs),
  };
  return [
    ...rowsBefore(source, runs),
    finalRow,
    settledRow(runs),
    streamEndRow(runs),
  ];
}

/** The answer after the upstream's last chunk: its text settled, the composer ready, the chunks that came. */
function settledRow(runs: StreamRun[]): Row {
  const figure = (pick: (r: StreamRun['afterUpstream']) => number | null) => {
    const values = runs.map((r) => pick(r.afterUpstream));
    const shown = numbers(values);
    return shown.length ? `${ms(median(shown))} (${runsOf(values, ms)})` : 'never';
  };
  const settled = numbers(runs.map((r) => r.afterUpstream.answerSettledMs));
  const from = OFFLINE_QUESTION ? "the last chunk's arrival" : "the upstream's last chunk";
  return {
    what: `The answer after ${from}`,
    measured: [
      `its text last changed after ${figure((a) => a.answerSettledMs)}`,
      `the composer was ready (stop button gone) after ${figure((a) => a.composerReadyMs)}`,
      `the chunk completing the answer came after ${figure((a) => a.answerCompleteMs)}`,
      `the follow-ups after ${figure((a) => a.followUpMs)}`,
      `the getStream body ended after ${figure((a) => a.streamEndMs)}`,
    ].join('; '),
    target: `≤ ${TARGETS.answerSettledMs} ms (the peer's final render)`,
    ok: settled.length === runs.length ? verdict(median(settled), TARGETS.answerSettledMs) : '❌',
  };
}

/** How getStream ended: closed by the server right after done and read to its end, or cut by the SDK. */
function streamEndRow(runs: StreamRun[]): Row {
  const count = (closedBy: StreamRun['closedBy']) => runs.filter((r) => r.closedBy === closedBy).length;
  const closes = runs.map((r) => r.closeAfterDoneMs);
  const aborts = runs.reduce((sum, r) => sum + r.networkAborts, 0);
  const sdkAborts = runs.filter((r) => r.sdkAborted).length;
  const byServer = count('server');
  return {
    what: 'getStream after `event: done`',
    measured: [
      numbers(closes).length ? `the server closed it ${ms(median(numbers(closes)))} after done (${runsOf(closes, ms)})` : 'when the server closed it is not known (the SDK stopped reading)',
      `closed by the server before anything cut it in ${byServer} of ${runs.length} runs`,
      count('sdk-cancel') ? `the SDK cancelled its reader after the grace in ${count('sdk-cancel')}` : '',
      count('broken') ? `the body broke off in ${count('broken')}` : '',
      `the SDK aborted the request in ${sdkAborts} of ${runs.length}`,
      `ERR_ABORTED in the network log: ${aborts} of ${runs.length}`,
    ]
      .filter(Boolean)
      .join('; '),
    target: 'closed by the server at once; never aborted',
    ok: byServer === runs.length && aborts === 0 && sdkAborts === 0 ? '✅' : '❌',
  };
}

function rowsBefore(source: StreamSource, runs: StreamRun[]): Row[] {
  const busyShares = runs.map((r) => r.busy.busyMs / r.durationMs);
  const busyShare = median(busyShares);
  const cpuShares = runs.map((r) => r.busy.cpuMs / r.durationMs);
  const longTaskCounts = runs.map((r) => r.longTasks.length);
  const longest = Math.max(...runs.map((r) => r.busy.longestTaskMs));
  return [
    { what: 'Streamed answer', measured: [`${countTokens(source.answer)} tokens (o200k), ${source.answer.length} characters, ${median(runs.map((r) => r.chunks))} chunks with text`, pageErrors(runs)].filter(Boolean).join('; '), target: '~2,000 tokens', ok: 'ℹ️' },
    { what: 'Chunk rate in the page', measured: `${median(runs.map((r) => r.chunksPerSecond)).toFixed(1)} chunks/s over ${(median(runs.map((r) => r.durationMs)) / 1000).toFixed(2)} s`, target: `${CHUNKS_PER_SECOND} chunks/s`, ok: 'ℹ️' },
    {
      what: 'Main thread busy during the stream',
      measured: `${(busyShare * 100).toFixed(1)}% (${ms(median(runs.map((r) => r.busy.busyMs)))} of ${(median(runs.map((r) => r.durationMs)) / 1000).toFixed(2)} s; ${runsOf(busyShares, (v) => `${(v * 100).toFixed(1)}%`)})`,
      target: `≤ ${TARGETS.busyShare * 100}%`,
      ok: verdict(busyShare, TARGETS.busyShare),
    },
    {
      what: 'The same tasks in CPU time (what a loaded machine does not inflate)',
      measured: `${(median(cpuShares) * 100).toFixed(1)}% (${ms(median(runs.map((r) => r.busy.cpuMs)))}; ${runsOf(cpuShares, (v) => `${(v * 100).toFixed(1)}%`)})`,
      target: `≤ ${TARGETS.busyShare * 100}%`,
      ok: verdict(median(cpuShares), TARGETS.busyShare),
    },
    {
      what: 'Long tasks over 50 ms during the stream',
      measured: `${median(longTaskCounts)} (${runsOf(longTaskCounts, String)}; longest task ${ms(longest)})`,
      target: 'none',
      ok: median(longTaskCounts) === 0 ? '✅' : '❌',
    },
  ];
}

/** The row of a time-to-last-message: `after` says from what (the click, a reload's navigation start). */
function visibleRow(conversation: SeededConversation, runs: OpenRun[], after: string, target: number): Row {
  const visible = runs.map((r) => r.visibleMs);
  const shown = numbers(visible);
  const missing = runs.length - shown.length;
  const read = numbers(runs.map((r) => r.treeMs));
  const bytes = numbers(runs.map((r) => r.treeBytes));
  const detail = [
    read.length ? `conversation response after ${ms(median(read))}${bytes.length ? `, ${(median(bytes) / 1024).toFixed(0)} KiB` : ''}` : '',
    `${median(runs.map((r) => r.messageNodes))} message nodes in the DOM`,
    missing ? `not visible within ${VISIBLE_TIMEOUT_MS / 1000} s in ${missing} of ${runs.length} runs` : '',
    pageErrors(runs),
  ]
    .filter(Boolean)
    .join('; ');
  return {
    what: `${conversation.messages.toLocaleString('en-US')}-message conversation: last message visible ${after}`,
    measured: shown.length ? `${ms(median(shown))} (${runsOf(visible, ms)}; ${detail})` : `never (${detail})`,
    target: `≤ ${target} ms`,
    ok: shown.length && !missing ? verdict(median(shown), target) : '❌',
  };
}

function openRows(conversation: SeededConversation, runs: OpenRun[], reloads: OpenRun[]): Row[] {
  const heaps = runs.map((r) => r.heapMb);
  const size = conversation.messages.toLocaleString('en-US');
  return [
    visibleRow(conversation, runs, 'after the click', TARGETS.openMs[conversation.messages]!),
    visibleRow(conversation, reloads, 'after a reload of its URL (from navigation start)', TARGETS.reloadMs[conversation.messages]!),
    {
      what: `${size}-message conversation: JS heap after (after GC)`,
      measured: numbers(heaps).length ? `${median(numbers(heaps)).toFixed(1)} MB (${runsOf(heaps, (v) => v.toFixed(1))})` : '—',
      target: `≤ ${TARGETS.heapMb} MB`,
      ok: numbers(heaps).length ? verdict(median(numbers(heaps)), TARGETS.heapMb) : '❔',
    },
  ];
}

/** For scale: what of a reload is the page itself (the shell, the chat area, its first render). */
function plainReloadRow(runs: OpenRun[]): Row {
  const shown = runs.map((r) => r.visibleMs);
  const drawn = numbers(shown);
  return {
    what: 'For scale: /chatPage reloaded without a conversation, until its composer is drawn',
    measured: drawn.length ? [`${ms(median(drawn))} (${runsOf(shown, ms)})`, pageErrors(runs)].filter(Boolean).join('; ') : 'never',
    target: '—',
    ok: 'ℹ️',
  };
}

function pasteRows(runs: PasteRun[]): Row[] {
  const pastes = runs.map((r) => r.pasteMs);
  const keys = runs.map((r) => r.keyMs);
  return [
    {
      what: `Paste ${PASTED_LINES.toLocaleString('en-US')} lines (${runs[0]!.chars.toLocaleString('en-US')} characters) into the composer`,
      measured: [`${ms(median(pastes))} until it shows (${runsOf(pastes, ms)})`, pageErrors(runs)].filter(Boolean).join('; '),
      target: `≤ ${TARGETS.pasteMs} ms`,
      ok: verdict(median(pastes), TARGETS.pasteMs),
    },
    { what: 'Then one keystroke', measured: `${ms(median(keys))} until it shows (${runsOf(keys, ms)})`, target: `≤ ${TARGETS.keyMs} ms`, ok: verdict(median(keys), TARGETS.keyMs) },
  ];
}

function markdown(source: StreamSource, rows: Row[]): string {
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Chromium headless ${VIEWPORT.width}×${VIEWPORT.height}, server on 127.0.0.1, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs (timings are sensitive to it); ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`}. Stream: ${source.description}.`,
    '',
    '| What | Measured | Target | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.what} | ${r.measured.replace(/\|/g, '\\|')} | ${r.target} | ${r.ok} |`),
    '',
    'For scale (the issue): a popular open-source chat UI measured the same way keeps the main thread 94% busy with 30 long tasks during that stream, needs about 100 ms for the final render and 654 ms to open the 200-message conversation.',
  ].join('\n');
}

function rewriteReadme(figures: string): void {
  const start = '<!-- render:start -->';
  const end = '<!-- render:end -->';
  const text = fs.readFileSync(README, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${README} lacks the ${start} / ${end} markers`);
  fs.writeFileSync(README, `${text.slice(0, from + start.length)}\n${figures}\n${text.slice(to)}`);
}

// ---- main -------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const deadline = setTimeout(() => abort(`not finished within ${DEADLINE_MS / 60_000} minutes`, 1), DEADLINE_MS);
  cleanups.push(async () => clearTimeout(deadline));
  const source = await streamSource();
  console.log(`[bench] seeding the conversations and starting the server…`);
  const product = new BenchProduct();
  cleanups.push(() => product.stop());
  const { origin, seeded } = await product.start({ ...ACCOUNT_TEST_ENV, LOG_LEVEL: 'error', ...source.env }, async (app) => {
    const user = await createBenchUser(app);
    const conversations: SeededConversation[] = [];
    for (const size of CONVERSATION_SIZES) conversations.push(await seedConversation(app, user.id, size, MODEL));
    return { user, conversations };
  });
  // Signals are ours to handle: Playwright's own handlers would exit before the server is stopped.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    timeout: ACTION_TIMEOUT_MS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  cleanups.push(() => browser.close());
  const { user, conversations } = seeded;

  const rows: Row[] = [];
  if (PARTS_RUN.has('stream')) {
    const streams: StreamRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      console.log(`[bench] stream ${run}/${RUNS}…`);
      streams.push(await measureStream(browser, origin, user, source));
    }
    rows.push(...streamRows(source, streams));
  }
  if (PARTS_RUN.has('open')) {
    rows.push(...(await openFigures(browser, origin, user, conversations)));
  }
  if (PARTS_RUN.has('paste')) {
    const pastes: PasteRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      console.log(`[bench] pasting ${PASTED_LINES} lines ${run}/${RUNS}…`);
      pastes.push(await measurePaste(browser, origin, user));
    }
    rows.push(...pasteRows(pastes));
  }

  const figures = markdown(source, rows);
  console.log(`\n${figures}\n`);
  if (PARTS.every((part) => PARTS_RUN.has(part))) {
    rewriteReadme(figures);
    console.log(`figures written to ${path.relative(process.cwd(), README)}`);
  }
}

async function openFigures(browser: Browser, origin: string, user: BenchUser, conversations: SeededConversation[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const conversation of conversations) {
    const opens: OpenRun[] = [];
    const reloads: OpenRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      console.log(`[bench] opening the ${conversation.messages}-message conversation ${run}/${RUNS}…`);
      opens.push(await measureOpen(browser, origin, user, conversation));
      console.log(`[bench] reloading the ${conversation.messages}-message conversation's URL ${run}/${RUNS}…`);
      reloads.push(await measureReload(browser, origin, user, conversation));
    }
    rows.push(...openRows(conversation, opens, reloads));
  }
  const plainReloads: OpenRun[] = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`[bench] reloading /chatPage without a conversation ${run}/${RUNS}…`);
    plainReloads.push(await measureReload(browser, origin, user, null));
  }
  rows.push(plainReloadRow(plainReloads));
  return rows;
}

main()
  .catch((error) => {
    if (cleaning) return; // stopped by a signal or the deadline, which set the exit code
    console.error('[bench] the measurement could not run:', error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
