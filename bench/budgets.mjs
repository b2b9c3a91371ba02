// Measures the front-end budgets in a real Chromium against the built host shell and remotes,
// prints a table and rewrites the "Latest figures" section of bench/README.md.
// A benchmark, not a test: a missed budget is reported, never turned into a failing exit code.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const serverDir = path.join(repoRoot, 'server');
const hostDist = path.join(repoRoot, 'host-shell', 'dist');
const readmePath = path.join(benchDir, 'README.md');
const KiB = 1024;
const CHAT_RUNS = 5;
const REPEAT_RUNS = 10;
const HEAVY_LIBS = ['mermaid', 'katex', 'highlight', 'html2canvas', 'jspdf'];
const areaPage = (area) => `section[data-testid="area-page"][data-area="${area}"]`;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

// ---- running the product -------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function bootstrapRemotes(dataDir) {
  const run = spawnSync(process.execPath, ['dist/ops/cli.js', 'remotes', 'bootstrap'], { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`remotes bootstrap failed (${run.status}):\n${run.stdout}${run.stderr}`);
}

async function waitForPing(origin, server, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    const text = await fetch(`${origin}/ping`).then((r) => r.text(), () => '');
    if (text === 'OK') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer /ping within ${timeoutMs} ms`);
}

async function startProduct() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-bench-'));
  let server;
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    bootstrapRemotes(dataDir);
    const port = await freePort();
    const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: serverDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const origin = `http://127.0.0.1:${port}`;
    await waitForPing(origin, server);
    return { origin, remotesDir: path.join(dataDir, 'remotes'), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---- measuring in Chromium -----------------------------------------------------------------

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;
const isJsOrCss = (response) => /javascript|css/.test(response.headers()['content-type'] ?? '') || /\.(m?js|css)(\?|$)/.test(response.url());
const pathOf = (url) => new URL(url).pathname;
const FEDERATION_ROLES = [[/mf-manifest\.json$/, 'manifest'], [/remoteEntry\.js$/, 'remoteEntry'], [/__federation_expose_/, 'expose (feature code)'], [/^\/app-api\//, 'API'], [/^\/main\.[^/]*\.js$/, 'host entry']];
const ownersByDir = new Map();
let remotesDir = ''; // where the server serves /remotes/ from: the temp data dir's remote store

/** What a request is: a federation file, a shared module's chunk (of the host or of a remote), or another chunk. */
function roleOf(url) {
  const urlPath = pathOf(url);
  const known = FEDERATION_ROLES.find(([re]) => re.test(urlPath));
  if (known) return known[1];
  if (!/\.(m?js|css)$/.test(urlPath)) return 'document';
  const remote = urlPath.match(/^\/remotes\/([^/]+\/[^/]+)\/(.+)$/);
  const [owner, dir, file] = remote ? [`${remote[1].split('/')[0]} remote`, path.join(remotesDir, remote[1]), remote[2]] : ['host', hostDist, urlPath.slice(1)];
  if (!ownersByDir.has(dir)) ownersByDir.set(dir, fs.existsSync(path.join(dir, 'mf-manifest.json')) ? sharedOwnersByFile(dir) : new Map());
  const shared = ownersByDir.get(dir).get(file);
  return shared ? `${owner}: shared ${shared.join(' + ')}` : `${owner} chunk`;
}

/**
 * Records every request of a page; for JS/CSS responses the raw and gzip-equivalent size, and for
 * every response the bytes Chromium actually received (CDP `Network.loadingFinished`
 * `encodedDataLength`: headers and the body as sent, compressed or not) and its Content-Encoding.
 */
async function recordTraffic(context, page) {
  const requests = [];
  const assets = [];
  const wire = []; // in response order: { url, encoding, bytes }
  const wireById = new Map();
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (!isJsOrCss(response)) return;
    assets.push(response.body().then((body) => ({ url: response.url(), raw: body.length, gzip: gzipSize(body) }), () => null));
  });
  const cdp = await context.newCDPSession(page);
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] || 'identity';
    const entry = { url: response.url, encoding, bytes: 0, finished: false };
    wireById.set(requestId, entry);
    wire.push(entry);
  });
  const finished = ({ requestId, encodedDataLength }) => {
    const entry = wireById.get(requestId);
    if (entry) Object.assign(entry, { bytes: encodedDataLength, finished: true });
  };
  cdp.on('Network.loadingFinished', finished);
  cdp.on('Network.loadingFailed', ({ requestId }) => finished({ requestId, encodedDataLength: 0 }));
  await cdp.send('Network.enable');
  return {
    requests,
    async totals(fromIndex = 0) {
      const list = (await Promise.all(assets.slice(fromIndex))).filter(Boolean);
      return { assets: list, raw: list.reduce((s, a) => s + a.raw, 0), gzip: list.reduce((s, a) => s + a.gzip, 0) };
    },
    assetCount: () => assets.length,
    /** Bytes on the wire of the responses from `fromIndex` on, waiting (bounded) for the last ones to finish. */
    async wireTotals(fromIndex = 0) {
      for (let i = 0; i < 50 && wire.slice(fromIndex).some((w) => !w.finished); i++) await new Promise((r) => setTimeout(r, 100));
      const list = wire.slice(fromIndex).map(({ url, encoding, bytes }) => ({ url, encoding, bytes, jsOrCss: /\.(m?js|css)$/.test(pathOf(url)) }));
      const sum = (entries) => entries.reduce((s, w) => s + w.bytes, 0);
      return { wire: list, wireBytes: sum(list), wireJsCss: sum(list.filter((w) => w.jsOrCss)) };
    },
    wireCount: () => wire.length,
  };
}

/** Stamps window.__usableAt (ms since navigation start) once `selector` is visible (and, on builds that had one, the splash is gone). */
function markUsable(selector) {
  const check = () => {
    const el = document.querySelector(selector);
    if (window.__usableAt || !el || !el.checkVisibility() || document.getElementById('qm-splash')) return false;
    window.__usableAt = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => check() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/** Waits for `selector`; on timeout says what the page shows instead. */
async function waitVisible(page, selector) {
  await page.waitForSelector(selector, { state: 'visible', timeout: 15_000 }).catch(async (error) => {
    const shown = await page.evaluate(() => document.body?.innerText.slice(0, 300)).catch(() => '?');
    throw new Error(`${page.url()}: ${selector} not visible within 15 s; the page shows: ${JSON.stringify(shown)}`, { cause: error });
  });
}

async function coldLoad(browser, origin, route, readySelector) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(markUsable, readySelector);
  const traffic = await recordTraffic(context, page);
  await page.goto(origin + route);
  await waitVisible(page, readySelector);
  const usableMs = await page.evaluate(() => window.__usableAt ?? performance.now()); // fallback: seen by Playwright's poll
  await page.waitForLoadState('networkidle');
  // Paint Timing API: the first paint of text, an image or a non-white canvas, since navigation start.
  const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  return { context, page, traffic, usableMs, fcpMs, requests: [...traffic.requests], ...(await traffic.totals()), ...(await traffic.wireTotals()) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Resolves once the service worker controls the page and has cached, whole, every area release the page's registry names. */
async function waitForServiceWorkerCaches(page) {
  const ready = () =>
    page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return false;
      const registry = JSON.parse(document.getElementById('qm-registry')?.textContent ?? 'null');
      for (const { area, version, entry } of registry?.areas ?? []) {
        if (!version || !entry) continue;
        const name = `qm-area-${area}-${version}`;
        if (!(await caches.has(name))) return false;
        if (!(await (await caches.open(name)).match(new URL('.qm-complete', new URL(entry, location.href)).href))) return false;
      }
      return true;
    });
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('the service worker did not control the page and cache every area within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A returning visitor: `/chatPage` once (the service worker installs and caches the host and every
 * area), then REPEAT_RUNS more navigations to it in the same browser context, each timed until the
 * chat area is drawn. Counts what reached the network on each repeat: the page's requests the
 * worker did not answer (the API calls) and the worker's own fetches (the page, network-first;
 * anything it had not cached). Chromium reports a worker's requests on the context.
 */
async function measureRepeatVisit(browser, origin) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(markUsable, areaPage('chat'));
  await page.goto(`${origin}/chatPage`);
  await waitVisible(page, areaPage('chat'));
  await waitForServiceWorkerCaches(page);
  await page.waitForLoadState('networkidle');
  const runs = [];
  for (let i = 0; i < REPEAT_RUNS; i++) {
    const network = [];
    const byWorker = (request) => request.serviceWorker() && network.push(`${pathOf(request.url())} (service worker's fetch)`);
    const bypassing = (response) => !response.fromServiceWorker() && network.push(pathOf(response.url()));
    context.on('request', byWorker);
    page.on('response', bypassing);
    await page.goto(`${origin}/chatPage`);
    await waitVisible(page, areaPage('chat'));
    const usableMs = await page.evaluate(() => window.__usableAt ?? performance.now());
    await page.waitForLoadState('networkidle');
    context.off('request', byWorker);
    page.off('response', bypassing);
    runs.push({ usableMs, network });
  }
  await context.close();
  const times = runs.map((r) => r.usableMs);
  const counts = runs.map((r) => r.network.length);
  const medianCount = median(counts);
  return { times, medianMs: median(times), counts, medianCount, network: runs.find((r) => r.network.length === medianCount).network };
}

async function measureHostOnly(browser, origin) {
  const load = await coldLoad(browser, origin, '/__bench_host_only', '[data-testid="host-not-found"]');
  await load.context.close();
  return load;
}

async function measureChatPage(browser, origin) {
  const runs = [];
  for (let i = 0; i < CHAT_RUNS; i++) {
    const load = await coldLoad(browser, origin, '/chatPage', areaPage('chat'));
    await load.context.close();
    runs.push(load);
  }
  const times = runs.map((r) => r.usableMs);
  const fcpTimes = runs.map((r) => r.fcpMs ?? Number.NaN);
  return { ...runs[0], times, medianMs: median(times), fcpTimes, fcpMedianMs: median(fcpTimes) };
}

async function measureFirstVisitOfPay(browser, origin) {
  const load = await coldLoad(browser, origin, '/chatPage', areaPage('chat'));
  const [requestsBefore, assetsBefore, wireBefore] = [load.traffic.requests.length, load.traffic.assetCount(), load.traffic.wireCount()];
  await load.page.evaluate(() => {
    history.pushState(null, '', '/pay');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await waitVisible(load.page, areaPage('pay'));
  await load.page.waitForLoadState('networkidle');
  const requests = load.traffic.requests.slice(requestsBefore);
  const totals = await load.traffic.totals(assetsBefore);
  const wire = await load.traffic.wireTotals(wireBefore);
  await load.context.close();
  return { requests, ...totals, ...wire };
}

async function measureRegistry(origin) {
  const body = Buffer.from(await (await fetch(`${origin}/app-api/platform/remotes`)).arrayBuffer());
  return { raw: body.length, gzip: gzipSize(body) };
}

// ---- shared chunks of a build (host-shell/dist, or a published remote) ---------------------

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const findFile = (dir, test) => (fs.existsSync(dir) ? fs.readdirSync(dir).find(test) : undefined);
const runtimeOf = (dir) => findFile(dir, (f) => /^main\..*\.js$/.test(f)) ?? findFile(dir, (f) => f === 'remoteEntry.js');

/** Files of a shared module in a build: the chunks its runtime's loader fetches for it, then the manifest's sync assets. */
function sharedChunkFiles(dir, name) {
  const files = new Set();
  const runtimeFile = runtimeOf(dir);
  const runtime = runtimeFile ? fs.readFileSync(path.join(dir, runtimeFile), 'utf8') : '';
  const loader = runtime.match(new RegExp(`"${name.replace(/[/.]/g, '\\$&')}","[^"]+",\\(\\)=>Promise\\.all\\(\\[([^\\]]*)\\]`));
  for (const [, id] of loader?.[1].matchAll(/\.e\((\d+)\)/g) ?? []) {
    const file = findFile(dir, (f) => f.startsWith(`${id}.`) && f.endsWith('.js'));
    if (file) files.add(file);
  }
  for (const file of readJson(path.join(dir, 'mf-manifest.json')).shared.find((s) => s.name === name)?.assets.js.sync ?? []) files.add(file);
  return [...files];
}

/** Raw and gzip size of each file, identical files (the same chunk emitted under two ids) counted once. */
function sizeOfFiles(dir, files) {
  const seen = new Set();
  return files.flatMap((file) => {
    const body = fs.readFileSync(path.join(dir, file));
    const hash = createHash('sha1').update(body).digest('hex');
    if (seen.has(hash)) return [];
    seen.add(hash);
    return [{ file, raw: body.length, gzip: gzipSize(body) }];
  });
}

/** Chunk file -> the shared modules it serves in that build, to label request lists. */
function sharedOwnersByFile(dir) {
  const owners = new Map();
  for (const { name } of readJson(path.join(dir, 'mf-manifest.json')).shared) {
    for (const file of sharedChunkFiles(dir, name)) owners.set(file, [...(owners.get(file) ?? []), name]);
  }
  return owners;
}

// ---- reporting ------------------------------------------------------------------------------

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
const verdict = (value, budget) => (value <= budget ? '✅' : '❌');
const row = (what, figure, budget, ok) => ({ what, figure, budget, ok });
/** "br 20, identity 9": how many responses came in each Content-Encoding. */
function encodingCounts(wire) {
  const counts = new Map();
  for (const { encoding } of wire) counts.set(encoding, (counts.get(encoding) ?? 0) + 1);
  return [...counts].map(([encoding, n]) => `${encoding} ${n}`).join(', ');
}
const onTheWire = (load) => `${kib(load.wireBytes)} in ${load.wire.length} responses, JS+CSS ${kib(load.wireJsCss)} (${encodingCounts(load.wire)})`;
const isFeatureCode = (role) => role === 'expose (feature code)' || / remote chunk$/.test(role);
const NOT_SHARED = 'not a shared module of host-shell/dist';

function buildRows({ host, chat, repeat, pay, registry, sdk }) {
  const heavy = chat.requests.filter((url) => HEAVY_LIBS.some((lib) => url.toLowerCase().includes(lib)));
  // chunk-packages.json (written by the build) says which packages each chunk holds: the SDK's own
  // code is what the shared-sdk workspace package contributes, its libraries are the rest.
  const packagesOf = (file) => readJson(path.join(hostDist, 'chunk-packages.json'))[file] ?? [];
  const own = sdk.filter((f) => packagesOf(f.file).includes('shared-sdk'));
  const libraries = sdk.filter((f) => !packagesOf(f.file).includes('shared-sdk'));
  const sdkGzip = own.reduce((s, f) => s + f.gzip, 0);
  const librariesGzip = libraries.reduce((s, f) => s + f.gzip, 0);
  const libraryNames = [...new Set(libraries.flatMap((f) => packagesOf(f.file)))].join(', ');
  const uiKit = chat.assets.filter((a) => roleOf(a.url).includes('@qiming/sdk/ui'));
  const uiKitFiles = uiKit.map((a) => `${pathOf(a.url)} ${kib(a.gzip)}`).join(', ');
  const payOverhead = pay.requests.filter((url) => !isFeatureCode(roleOf(url))).length;
  return [
    row('Host shell alone: JS+CSS', `${kib(host.gzip)} gzip (${kib(host.raw)} raw)`, '≤ 200 KiB gzip', verdict(host.gzip, 200 * KiB)),
    row('Host shell alone: requests', String(host.requests.length), '≤ 15', verdict(host.requests.length, 15)),
    row('Host shell alone: bytes on the wire, info', onTheWire(host), '—', 'ℹ️'),
    row('Chat page: JS+CSS', `${kib(chat.gzip)} gzip (${kib(chat.raw)} raw)`, '≤ 350 KiB gzip', verdict(chat.gzip, 350 * KiB)),
    row('Chat page: bytes on the wire, info', onTheWire(chat), '—', 'ℹ️'),
    row('Chat page: requests', String(chat.requests.length), '≤ 25', verdict(chat.requests.length, 25)),
    row(`Chat page first contentful paint (median of ${CHAT_RUNS})`, `${Math.round(chat.fcpMedianMs)} ms (runs: ${chat.fcpTimes.map(Math.round).join(', ')})`, '—', 'ℹ️'),
    row(`Chat page usable (median of ${CHAT_RUNS})`, `${Math.round(chat.medianMs)} ms (runs: ${chat.times.map(Math.round).join(', ')})`, '≤ 700 ms', verdict(chat.medianMs, 700)),
    row(`Chat page usable on a repeat visit, service worker (median of ${REPEAT_RUNS})`, `${Math.round(repeat.medianMs)} ms (runs: ${repeat.times.map(Math.round).join(', ')})`, '≤ 250 ms', verdict(repeat.medianMs, 250)),
    row('Repeat visit: requests that reached the network, info', `${repeat.medianCount} (runs: ${repeat.counts.join(', ')})`, '—', 'ℹ️'),
    row('First visit of pay: requests beyond feature code', `${payOverhead} (of ${pay.requests.length}; ${kib(pay.gzip)} gzip JS+CSS)`, '≤ 3', verdict(payOverhead, 3)),
    row('First visit of pay: bytes on the wire, info', onTheWire(pay), '—', 'ℹ️'),
    row('Registry response', `${registry.raw} B (${registry.gzip} B gzip)`, '≤ 2 KiB', verdict(registry.raw, 2 * KiB)),
    row('SDK own code (@qiming/sdk)', own.length ? `${kib(sdkGzip)} gzip (${own.map((f) => f.file).join(', ')})` : NOT_SHARED, '≤ 25 KiB gzip', own.length ? verdict(sdkGzip, 25 * KiB) : '❔'),
    row('SDK libraries bundled with it, info', libraries.length ? `${kib(librariesGzip)} gzip (${libraryNames})` : 'none', '—', 'ℹ️'),
    row('UI kit (@qiming/sdk/ui) on /chatPage, info', `${kib(uiKit.reduce((s, a) => s + a.gzip, 0))} gzip (${uiKitFiles || 'not loaded'})`, '—', 'ℹ️'),
    row('Heavy libs on chat page', heavy.length ? heavy.map(pathOf).join(', ') : 'none loaded', 'none', heavy.length ? '❌' : '✅'),
  ];
}

function requestList({ requests, assets, wire }) {
  const gzipOf = new Map(assets.map((a) => [a.url, a.gzip]));
  const wireOf = new Map(wire.map((w) => [w.url, w]));
  const onWire = (url) => (wireOf.has(url) ? `, ${kib(wireOf.get(url).bytes)} on the wire (${wireOf.get(url).encoding})` : '');
  return requests.map((url) => `- \`${pathOf(url)}\` — ${roleOf(url)}${gzipOf.has(url) ? `, ${kib(gzipOf.get(url))} gzip` : ''}${onWire(url)}`).join('\n');
}

function markdownFigures(rows, { host, chat, repeat, pay }) {
  const table = ['| What | Measured | Budget | |', '|---|---|---|---|', ...rows.map((r) => `| ${r.what} | ${r.figure} | ${r.budget} | ${r.ok} |`)];
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Chromium headless, cold cache, server on 127.0.0.1, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs (timings are sensitive to it). "gzip" sizes are each JS/CSS body gzipped here at level 9 (an estimate, whatever the server sent); "on the wire" is what Chromium received (CDP \`Network.loadingFinished.encodedDataLength\`: headers plus the body as sent, in the Content-Encoding given).`,
    '', ...table, '',
    'Requests of the first visit of `/pay` after `/chatPage`:', '', requestList(pay), '',
    'What reached the network on a repeat visit of `/chatPage` (the median run):', '', repeat.network.map((what) => `- \`${what}\``).join('\n'), '',
    'Requests of a cold `/chatPage` load:', '', requestList(chat), '',
    'Requests of a cold host-only page (`/__bench_host_only`):', '', requestList(host),
  ].join('\n');
}

function rewriteReadme(figures) {
  const start = '<!-- budgets:start -->';
  const end = '<!-- budgets:end -->';
  const text = fs.readFileSync(readmePath, 'utf8');
  const [before, rest] = text.split(start);
  if (rest === undefined || !rest.includes(end)) throw new Error(`${readmePath} lacks the ${start} / ${end} markers`);
  fs.writeFileSync(readmePath, `${before}${start}\n${figures}\n${end}${rest.slice(rest.indexOf(end) + end.length)}`);
}

async function main() {
  const product = await startProduct();
  remotesDir = product.remotesDir;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS }).catch(async (e) => {
    await product.stop();
    throw e;
  });
  try {
    const results = {
      host: await measureHostOnly(browser, product.origin),
      chat: await measureChatPage(browser, product.origin),
      repeat: await measureRepeatVisit(browser, product.origin),
      pay: await measureFirstVisitOfPay(browser, product.origin),
      registry: await measureRegistry(product.origin),
      sdk: sizeOfFiles(hostDist, sharedChunkFiles(hostDist, '@qiming/sdk')),
    };
    const rows = buildRows(results);
    console.table(rows);
    console.log('First visit of /pay:', results.pay.requests.map(pathOf).join(' '));
    rewriteReadme(markdownFigures(rows, results));
    console.log(`figures written to ${path.relative(process.cwd(), readmePath)}`);
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((error) => {
  console.error('[bench] measurement could not run:', error);
  process.exit(1);
});
