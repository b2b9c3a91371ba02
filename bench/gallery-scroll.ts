// The gallery (/sharePage, issue 21) with 5,000 shared images in headless Chromium against the built
// front end: first screen time, bytes transferred, and frames per second with long tasks while
// scrolling quickly to the end and back. The gallery's list call is answered in the browser by
// Playwright (page.route) with synthetic images, so only the front end is measured.
// A benchmark, not a test: it prints a table, rewrites the "Gallery" figures of bench/README.md, and
// exits non-zero only when it cannot measure.
// Run: cd bench && node --import tsx gallery-scroll.ts   (see bench/README.md for the options)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import type { GalleryRequest, SharedImage } from '../contracts/src/images.ts';
import { ACCOUNT_TEST_ENV } from '../server/src/testing/accounts.ts';
import { BenchProduct } from './chat-render/product.ts';
import type { GalleryScrollFigures } from './gallery-scroll/in-page.d.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const IN_PAGE_SCRIPT = path.join(here, 'gallery-scroll', 'in-page.js');
const README = path.join(here, 'README.md');

const IMAGES = positiveInteger('BENCH_GALLERY_IMAGES', 5000);
const RUNS = positiveInteger('BENCH_GALLERY_RUNS', 3);
/** px/s: a quick flick through the whole gallery. */
const SPEED = positiveInteger('BENCH_GALLERY_SPEED', 12_000);
const FIRST_SCREEN_TILES = 12;
const VIEWPORT = { width: 1440, height: 900 };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const ACTION_TIMEOUT_MS = 30_000;
const DEADLINE_MS = 20 * 60_000;
const TARGETS = { fps: 50, longTaskMs: 50 };

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

// ---- cleaning up, whatever happens ------------------------------------------------------------

const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | undefined;
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

// ---- synthetic thumbnails ---------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGB PNG of a diagonal two-colour gradient with some blotches (16 px blocks of noise), so it
 * weighs about what a 512 px WebP photo thumbnail does (~20–40 KiB) rather than a flat fill's 2 KiB.
 */
function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number], seed: number): Buffer {
  let state = seed;
  const noise = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) % 13) - 6;
  const blocks = new Map<number, number>();
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 1; // filter: Sub (each byte minus the same channel of the pixel to its left)
    const pixels = new Uint8Array(width * 3);
    for (let x = 0; x < width; x++) {
      const block = (y >> 4) * 1024 + (x >> 4);
      if (!blocks.has(block)) blocks.set(block, noise());
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) pixels[x * 3 + c] = Math.max(0, Math.min(255, Math.round(from[c]! + (to[c]! - from[c]!) * t) + blocks.get(block)!));
    }
    for (let i = 0; i < pixels.length; i++) raw[row + 1 + i] = (pixels[i]! - (i >= 3 ? pixels[i - 3]! : 0)) & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Thumbnails at most 512 px on the longer side (as the contract's thumbUrl), in the aspect ratios the painter offers. */
const VARIANTS = [
  { aspect: '1:1', width: 512, height: 512, from: [250, 200, 160], to: [90, 120, 200] },
  { aspect: '3:4', width: 384, height: 512, from: [200, 230, 200], to: [40, 90, 80] },
  { aspect: '4:3', width: 512, height: 384, from: [240, 220, 120], to: [160, 60, 60] },
  { aspect: '9:16', width: 288, height: 512, from: [180, 200, 250], to: [70, 40, 120] },
  { aspect: '16:9', width: 512, height: 288, from: [255, 240, 220], to: [120, 160, 90] },
  { aspect: '2:3', width: 341, height: 512, from: [230, 190, 220], to: [60, 60, 60] },
] as const;
const THUMBS = VARIANTS.map((v, i) => gradientPng(v.width, v.height, [...v.from], [...v.to], i + 1));

function syntheticImage(n: number): SharedImage {
  const variant = VARIANTS[(n * 7 + (n >> 3)) % VARIANTS.length]!;
  return {
    imageId: `bench-${n}`,
    url: `/bench-gallery/full/${n}.png`,
    // A URL per image, as real thumbnails are distinct files: nothing is served from the memory cache.
    thumbUrl: `/bench-gallery/thumb/${VARIANTS.indexOf(variant)}.png?n=${n}`,
    width: variant.width * 2,
    height: variant.height * 2,
    prompt: `第 ${n} 张：山间清晨的薄雾，柔和的光线，电影感构图，细节丰富`,
    negativePrompt: '',
    model: 'sd-xl',
    modelName: 'Stable Diffusion XL',
    aspect: variant.aspect,
    seed: 1000 + n,
    author: `画师${n % 97}`,
    likes: (n * 37) % 500,
    liked: false,
    mine: false,
    offlineDemo: n % 11 === 0,
    sharedAt: new Date(Date.UTC(2026, 10, 24) - n * 60_000).toISOString(),
  };
}
const GALLERY = Array.from({ length: IMAGES }, (_, i) => syntheticImage(i + 1));
const BY_LIKES = [...GALLERY].sort((a, b) => b.likes - a.likes);

/** Answers the gallery's list call and its thumbnails in the browser; counts what it served. */
async function answerGallery(page: Page, served: { listCalls: number; thumbs: number }): Promise<void> {
  await page.route('**/app-api/sdImg/listSdImgShare', async (route: Route) => {
    const query = (route.request().postDataJSON() ?? {}) as GalleryRequest;
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? 40;
    const all = query.sort === 'likes' ? BY_LIKES : GALLERY;
    served.listCalls++;
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 0, msg: '', data: { list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length } }),
    });
  });
  await page.route('**/bench-gallery/thumb/**', async (route: Route) => {
    const variant = Number(new URL(route.request().url()).pathname.match(/thumb\/(\d+)\.png$/)?.[1]);
    served.thumbs++;
    await route.fulfill({ status: 200, contentType: 'image/png', headers: { 'cache-control': 'public, max-age=31536000, immutable' }, body: THUMBS[variant] ?? THUMBS[0]! });
  });
}

// ---- one run ----------------------------------------------------------------------------------

type ScrollFigures = GalleryScrollFigures;

interface Run {
  firstScreenMs: number;
  firstScreenBytes: number;
  firstScreenResponses: number;
  scrollBytes: number;
  scrollResponses: number;
  fps: number;
  longestFrameMs: number;
  slowFrames: number;
  scroll: ScrollFigures;
  listCalls: number;
  thumbs: number;
  errors: string[];
}

async function measure(browser: Browser, origin: string): Promise<Run> {
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: origin });
  try {
    await context.addInitScript({ path: IN_PAGE_SCRIPT });
    const page = await context.newPage();
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const served = { listCalls: 0, thumbs: 0 };
    await answerGallery(page, served);

    // Bytes as Chromium received them (headers plus the body as sent), per phase.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Routing makes Playwright turn the HTTP cache off; a real visitor scrolling back up gets the
    // thumbnails from it, so it is turned on again (the routed list call is a POST, never cached).
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    const wire = { bytes: 0, responses: 0 };
    cdp.on('Network.loadingFinished', (event) => {
      wire.bytes += event.encodedDataLength;
      wire.responses++;
    });

    await page.goto('/sharePage');
    const firstScreenMs = (await (
      await page.waitForFunction((count) => window.__gallery.firstScreen(count), FIRST_SCREEN_TILES, { timeout: ACTION_TIMEOUT_MS, polling: 'raf' })
    ).jsonValue()) as number;
    const firstScreen = { ...wire };

    // A first visitor gets the site's 重要通知: close it like one before scrolling.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const notice = page.getByTestId('announcement-modal');
    if (await notice.isVisible()) await notice.getByRole('button', { name: '我已了解' }).click();
    await page.waitForTimeout(500);

    const beforeScroll = { ...wire };
    const scroll = (await page.evaluate(([speed, expected, timeout]) => window.__gallery.scrollRun(speed, expected, timeout), [SPEED, IMAGES, 5 * 60_000] as const)) as ScrollFigures;
    const gaps = scroll.gaps;
    return {
      firstScreenMs,
      firstScreenBytes: firstScreen.bytes,
      firstScreenResponses: firstScreen.responses,
      scrollBytes: wire.bytes - beforeScroll.bytes,
      scrollResponses: wire.responses - beforeScroll.responses,
      fps: (scroll.frames * 1000) / (scroll.end - scroll.start),
      longestFrameMs: Math.max(...gaps),
      slowFrames: gaps.filter((gap) => gap > 1000 / 30).length,
      scroll,
      listCalls: served.listCalls,
      thumbs: served.thumbs,
      errors,
    };
  } finally {
    await context.close();
  }
}

// ---- report -----------------------------------------------------------------------------------

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const KiB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const runsOf = (values: number[], format: (v: number) => string) => `runs: ${values.map(format).join(', ')}`;

function markdown(runs: Run[]): string {
  const first = runs.map((r) => r.firstScreenMs);
  const fps = runs.map((r) => r.fps);
  const longTaskCounts = runs.map((r) => r.scroll.longTasks.length);
  const longest = Math.max(0, ...runs.flatMap((r) => r.scroll.longTasks.map((t) => t.duration)));
  const longestFrames = runs.map((r) => r.longestFrameMs);
  const errors = [...new Set(runs.flatMap((r) => r.errors))];
  const down = runs.map((r) => ((r.scroll.bottomAt ?? r.scroll.end) - r.scroll.start) / 1000);
  const up = runs.map((r) => (r.scroll.end - (r.scroll.bottomAt ?? r.scroll.end)) / 1000);
  const rows: Array<[string, string, string, string]> = [
    [
      `First screen (navigation → the first ${FIRST_SCREEN_TILES} tiles' thumbnails loaded)`,
      `${Math.round(median(first))} ms (${runsOf(first, (v) => `${Math.round(v)} ms`)})`,
      '—',
      'ℹ️',
    ],
    [
      'Bytes until the first screen',
      `${KiB(median(runs.map((r) => r.firstScreenBytes)))} in ${median(runs.map((r) => r.firstScreenResponses))} responses (page, host, shared chunks, media area, list call, thumbnails)`,
      '—',
      'ℹ️',
    ],
    [
      `Scrolling at ${SPEED.toLocaleString('en-US')} px/s to the end of ${IMAGES.toLocaleString('en-US')} images and back`,
      `${median(down).toFixed(1)} s down (incl. ${(median(runs.map((r) => r.scroll.waitedMs)) / 1000).toFixed(1)} s waiting at the bottom for the next page), ${median(up).toFixed(1)} s up; ${median(runs.map((r) => r.listCalls))} list calls, ${median(runs.map((r) => r.scroll.images))} images in the grid, grid ${Math.round(median(runs.map((r) => r.scroll.scrollHeight))).toLocaleString('en-US')} px tall; at most ${median(runs.map((r) => r.scroll.maxTiles))} tiles in the DOM`,
      '—',
      'ℹ️',
    ],
    [
      'Bytes while scrolling',
      `${KiB(median(runs.map((r) => r.scrollBytes)))} in ${median(runs.map((r) => r.scrollResponses))} responses (${median(runs.map((r) => r.thumbs))} thumbnails served in the whole run)`,
      '—',
      'ℹ️',
    ],
    [
      'Frames per second while scrolling',
      `${median(fps).toFixed(1)} fps (${runsOf(fps, (v) => v.toFixed(1))}); longest frame ${Math.round(median(longestFrames))} ms (${runsOf(longestFrames, (v) => `${Math.round(v)} ms`)}), frames over 33 ms: ${runsOf(runs.map((r) => r.slowFrames), String)}`,
      `≥ ${TARGETS.fps} fps`,
      median(fps) >= TARGETS.fps ? '✅' : '❌',
    ],
    [
      'Long tasks over 50 ms while scrolling',
      `${median(longTaskCounts)} (${runsOf(longTaskCounts, String)}${longest ? `; longest ${Math.round(longest)} ms` : ''})`,
      'none',
      runs.every((r) => r.scroll.longTasks.length === 0) ? '✅' : '❌',
    ],
  ];
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Chromium headless ${VIEWPORT.width}×${VIEWPORT.height}, signed out, cold context each run, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs; median of ${RUNS} runs. ${IMAGES.toLocaleString('en-US')} synthetic shared images answered by the route handler (6 PNG thumbnails, ${THUMBS.map((b) => KiB(b.length)).join(' / ')}, each under its own URL).${errors.length ? ` Page errors: ${errors.map((e) => `“${e}”`).join(', ')}.` : ''}`,
    '',
    '| What | Measured | Target | |',
    '|---|---|---|---|',
    ...rows.map(([what, measured, target, ok]) => `| ${what} | ${measured.replace(/\|/g, '\\|')} | ${target} | ${ok} |`),
  ].join('\n');
}

function rewriteReadme(figures: string): void {
  const start = '<!-- gallery:start -->';
  const end = '<!-- gallery:end -->';
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
  console.log('[bench] starting the server with the built front end…');
  const product = new BenchProduct();
  cleanups.push(() => product.stop());
  const { origin } = await product.start({ ...ACCOUNT_TEST_ENV, LOG_LEVEL: 'error' }, async () => null);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    timeout: ACTION_TIMEOUT_MS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  cleanups.push(() => browser.close());
  const runs: Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`[bench] run ${run}/${RUNS}…`);
    const figures = await measure(browser, origin);
    runs.push(figures);
    if (figures.scroll.longTasks.length) console.log(`[bench] long tasks (ms after the scroll began: duration): ${figures.scroll.longTasks.map((t) => `${Math.round(t.at)}: ${Math.round(t.duration)}`).join(', ')}`);
  }
  const figures = markdown(runs);
  console.log(`\n${figures}\n`);
  rewriteReadme(figures);
  console.log(`figures written to ${path.relative(process.cwd(), README)}`);
}

main()
  .catch((error) => {
    if (cleaning) return;
    console.error('[bench] the measurement could not run:', error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
