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
import { buildFiles, HEAVY_PACKAGES, sharedChunkFiles } from './budgets/build-files.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const serverDir = path.join(repoRoot, 'server');
const hostDist = path.join(repoRoot, 'host-shell', 'dist');
const readmePath = path.join(benchDir, 'README.md');
const KiB = 1024;
const CHAT_RUNS = 5;
/** Requests an area's first visit may make beyond its feature code (issue 23). */
const VISIT_BUDGET = 3;
const REPEAT_RUNS = 10;
const areaPage = (area) => `section[data-testid="area-page"][data-area="${area}"]`;
/** Issue 23: the chat page is usable when its input is visible and enabled. */
const CHAT_USABLE = `${areaPage('chat')} [data-testid="composer-input"]:not(:disabled)`;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * The first visit of every area, each in a fresh signed-in browser: /chatPage loaded and quiet,
 * then a client-side navigation to `route` (the areas' routes: contracts/src/federation/areas.json
 * and each area's src/pages). `uses`: the heavy packages the page needs for its first render.
 */
const AREA_VISITS = [
  { area: 'account', route: '/setting', uses: [] },
  { area: 'pay', route: '/pay', uses: [] },
  { area: 'toolbox', route: '/toolBox/apps2', uses: [] },
  { area: 'toolbox', route: '/toolBox/knowledgePage', uses: [] },
  { area: 'media', route: '/painter', uses: [] },
  { area: 'media', route: '/sharePage', uses: [] },
];
/** The cold loads: what their first render needs of the heavy packages (an empty chat needs none). */
const COLD_USES = { host: [], chat: [] };
let files; // buildFiles() once the remote store exists

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

/** A user made in the data dir before the server starts (budgets/signed-in-user.ts): the localStorage of a signed-in browser. */
function signedInStorage(dataDir) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, 'budgets', 'signed-in-user.ts')], {
    cwd: benchDir,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const last = run.stdout?.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !last.startsWith('{')) throw new Error(`making the signed-in user failed (${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`);
  return JSON.parse(last);
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
    const signedIn = signedInStorage(dataDir);
    const port = await freePort();
    const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: serverDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const origin = `http://127.0.0.1:${port}`;
    await waitForPing(origin, server);
    return { origin, remotesDir: path.join(dataDir, 'remotes'), signedIn, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---- measuring in Chromium -----------------------------------------------------------------

const isJsOrCss = (response) => /javascript|css/.test(response.headers()['content-type'] ?? '') || /\.(m?js|css)(\?|$)/.test(response.url());
const pathOf = (url) => new URL(url).pathname;
const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;

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
  let inflight = 0;
  let lastActivity = Date.now();
  page.on('request', (request) => {
    requests.push(request.url());
    inflight += 1;
    lastActivity = Date.now();
  });
  const settled = () => {
    inflight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
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
    /** Bytes on the wire of the responses from `fromIndex` on, waiting (bounded) for the last ones to finish. */
    async wireTotals(fromIndex = 0) {
      for (let i = 0; i < 50 && wire.slice(fromIndex).some((w) => !w.finished); i++) await new Promise((r) => setTimeout(r, 100));
      const list = wire.slice(fromIndex).map(({ url, encoding, bytes }) => ({ url, encoding, bytes, jsOrCss: /\.(m?js|css)$/.test(pathOf(url)) }));
      const sum = (entries) => entries.reduce((s, w) => s + w.bytes, 0);
      return { wire: list, wireBytes: sum(list), wireJsCss: sum(list.filter((w) => w.jsOrCss)) };
    },
    /** Where each record stands now, to take what a later step adds (`since`). */
    mark: () => ({ requests: requests.length, assets: assets.length, wire: wire.length }),
    /** The requests, JS/CSS sizes and bytes on the wire recorded after `mark`. */
    async since(mark) {
      return { requests: requests.slice(mark.requests), ...(await this.totals(mark.assets)), ...(await this.wireTotals(mark.wire)) };
    },
    /** Resolves once no request has been open for `quietMs` (bounded: a request that never ends does not hang the run). */
    async quiet(quietMs = 700, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (inflight > 0 || Date.now() - lastActivity < quietMs)) await new Promise((r) => setTimeout(r, 50));
    },
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
  await page.addInitScript(markUsable, CHAT_USABLE);
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
    await waitVisible(page, CHAT_USABLE);
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
    const load = await coldLoad(browser, origin, '/chatPage', CHAT_USABLE);
    await load.context.close();
    runs.push(load);
  }
  const times = runs.map((r) => r.usableMs);
  const fcpTimes = runs.map((r) => r.fcpMs ?? Number.NaN);
  return { ...runs[0], times, medianMs: median(times), fcpTimes, fcpMedianMs: median(fcpTimes) };
}

/** One area's first visit after /chatPage, signed in: what the client-side navigation to its route fetched. */
async function measureFirstVisit(browser, origin, storage, visit) {
  const context = await browser.newContext();
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const traffic = await recordTraffic(context, page);
  try {
    await page.goto(origin + '/chatPage');
    await waitVisible(page, areaPage('chat'));
    await traffic.quiet();
    const before = traffic.mark();
    await page.evaluate((route) => {
      history.pushState(null, '', route);
      dispatchEvent(new PopStateEvent('popstate'));
    }, visit.route);
    await waitVisible(page, areaPage(visit.area));
    await traffic.quiet();
    return { ...visit, shownPath: pathOf(page.url()), ...(await traffic.since(before)) };
  } finally {
    await context.close();
  }
}

async function measureRegistry(origin) {
  const body = Buffer.from(await (await fetch(`${origin}/app-api/platform/remotes`)).arrayBuffer());
  return { raw: body.length, gzip: gzipSize(body) };
}

/** Raw and gzip size of each file, identical files (the same chunk emitted under two ids) counted once. */
function sizeOfFiles(dir, names) {
  const seen = new Set();
  return names.flatMap((file) => {
    const body = fs.readFileSync(path.join(dir, file));
    const hash = createHash('sha1').update(body).digest('hex');
    if (seen.has(hash)) return [];
    seen.add(hash);
    return [{ file, raw: body.length, gzip: gzipSize(body) }];
  });
}

// ---- reporting ------------------------------------------------------------------------------

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
const verdict = (value, budget) => (value <= budget ? '✅' : '❌');
const row = (what, figure, budget, ok) => ({ what, figure, budget, ok });
/** "br 20, identity 9": how many of something came in each kind. */
function countsOf(kinds) {
  const counts = new Map();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${kind} ${n}`).join(', ');
}
const onTheWire = (load) => `${kib(load.wireBytes)} in ${load.wire.length} responses, JS+CSS ${kib(load.wireJsCss)} (${countsOf(load.wire.map((w) => w.encoding))})`;
const NOT_SHARED = 'not a shared module of host-shell/dist';
const visitName = (visit) => `${visit.area} \`${visit.route}\``;

/**
 * A visit's requests sorted out: `featureCode` (the area's expose and own chunks and assets),
 * `beyond` (everything else it fetched as code: manifest, remoteEntry, shared chunks), `api`.
 */
function sortVisit(visit) {
  const api = visit.requests.filter((url) => files.roleOf(url) === 'API');
  const featureCode = visit.requests.filter((url) => files.isFeatureCode(url, visit.area));
  const beyond = visit.requests.filter((url) => !api.includes(url) && !featureCode.includes(url));
  const gzipOf = new Map(visit.assets.map((a) => [a.url, a.gzip]));
  const featureGzip = featureCode.reduce((sum, url) => sum + (gzipOf.get(url) ?? 0), 0);
  return { api, featureCode, beyond, featureGzip };
}

/** Heavy packages a page loaded that its first render does not use: "katex (/remotes/chat/…/katex.x.js)". */
function unusedHeavy(urls, uses) {
  return files
    .heavyFiles(urls)
    .flatMap(({ url, packages }) => packages.filter((name) => !uses.includes(name)).map((name) => `${name} (${pathOf(url)})`));
}

function heavyRow(what, urls, uses) {
  const unused = unusedHeavy(urls, uses);
  const unlisted = urls.filter((url) => /\.(m?js|css)$/.test(pathOf(url)) && files.roleOf(url) !== 'API' && files.packagesOf(url) === null);
  const note = unlisted.length ? `; ${unlisted.length} file(s) not in their build's chunk-packages.json: ${unlisted.map(pathOf).join(', ')}` : '';
  return row(`Heavy packages loaded but unused: ${what}`, `${unused.length ? unused.join(', ') : 'none'}${note}`, 'none', unused.length ? '❌' : '✅');
}

function visitRows(visit) {
  const { api, featureCode, beyond, featureGzip } = sortVisit(visit);
  const shown = visit.shownPath === visit.route ? '' : ` — the page went to \`${visit.shownPath}\``;
  return [
    row(
      `First visit of ${visitName(visit)}: requests beyond feature code`,
      `${beyond.length} (${countsOf(beyond.map((url) => files.roleOf(url).replace(/: shared .*/, ': shared chunk')))}); feature code ${featureCode.length} files, ${kib(featureGzip)} gzip; ${api.length} API call${api.length === 1 ? '' : 's'}${shown}`,
      `≤ ${VISIT_BUDGET}`,
      verdict(beyond.length, VISIT_BUDGET),
    ),
    row(`First visit of ${visitName(visit)}: bytes on the wire, info`, onTheWire(visit), '—', 'ℹ️'),
  ];
}

function buildRows({ host, chat, repeat, visits, registry, sdk }) {
  // chunk-packages.json (written by the build) says which packages each chunk holds: the SDK's own
  // code is what the shared-sdk workspace package contributes, its libraries are the rest.
  const packagesOf = (file) => files.packagesOfBuild(hostDist)[file] ?? [];
  const own = sdk.filter((f) => packagesOf(f.file).includes('shared-sdk'));
  const libraries = sdk.filter((f) => !packagesOf(f.file).includes('shared-sdk'));
  const sdkGzip = own.reduce((s, f) => s + f.gzip, 0);
  const librariesGzip = libraries.reduce((s, f) => s + f.gzip, 0);
  const libraryNames = [...new Set(libraries.flatMap((f) => packagesOf(f.file)))].join(', ');
  const uiKit = chat.assets.filter((a) => files.roleOf(a.url).includes('@qiming/sdk/ui'));
  const uiKitFiles = uiKit.map((a) => `${pathOf(a.url)} ${kib(a.gzip)}`).join(', ');
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
    ...visits.flatMap(visitRows),
    row('Registry response', `${registry.raw} B (${registry.gzip} B gzip)`, '≤ 2 KiB', verdict(registry.raw, 2 * KiB)),
    row('SDK own code (@qiming/sdk)', own.length ? `${kib(sdkGzip)} gzip (${own.map((f) => f.file).join(', ')})` : NOT_SHARED, '≤ 25 KiB gzip', own.length ? verdict(sdkGzip, 25 * KiB) : '❔'),
    row('SDK libraries bundled with it, info', libraries.length ? `${kib(librariesGzip)} gzip (${libraryNames})` : 'none', '—', 'ℹ️'),
    row('UI kit (@qiming/sdk/ui) on /chatPage, info', `${kib(uiKit.reduce((s, a) => s + a.gzip, 0))} gzip (${uiKitFiles || 'not loaded'})`, '—', 'ℹ️'),
    heavyRow('host shell alone', host.requests, COLD_USES.host),
    heavyRow('cold `/chatPage`', chat.requests, COLD_USES.chat),
    ...visits.map((visit) => heavyRow(`first visit of ${visitName(visit)}`, visit.requests, visit.uses)),
  ];
}

function requestList({ requests, assets, wire }) {
  const gzipOf = new Map(assets.map((a) => [a.url, a.gzip]));
  const wireOf = new Map(wire.map((w) => [w.url, w]));
  const onWire = (url) => (wireOf.has(url) ? `, ${kib(wireOf.get(url).bytes)} on the wire (${wireOf.get(url).encoding})` : '');
  return requests.map((url) => `- \`${pathOf(url)}\` — ${files.roleOf(url)}${gzipOf.has(url) ? `, ${kib(gzipOf.get(url))} gzip` : ''}${onWire(url)}`).join('\n');
}

/** A visit's requests, code first (feature code marked), then its API calls. */
function visitRequestList(visit) {
  const { api, featureCode } = sortVisit(visit);
  const code = visit.requests.filter((url) => !api.includes(url));
  const list = requestList({ ...visit, requests: code }).split('\n').map((line, i) => (featureCode.includes(code[i]) ? `${line} — **feature code**` : line));
  return [...list, ...(api.length ? ['', 'API calls (not counted):', '', requestList({ ...visit, requests: api })] : [])].join('\n');
}

function markdownFigures(rows, { host, chat, repeat, visits }) {
  const table = ['| What | Measured | Budget | |', '|---|---|---|---|', ...rows.map((r) => `| ${r.what} | ${r.figure} | ${r.budget} | ${r.ok} |`)];
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Chromium headless, cold cache, server on 127.0.0.1, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min) on ${os.cpus().length} CPUs (timings are sensitive to it). "gzip" sizes are each JS/CSS body gzipped here at level 9 (an estimate, whatever the server sent); "on the wire" is what Chromium received (CDP \`Network.loadingFinished.encodedDataLength\`: headers plus the body as sent, in the Content-Encoding given). Heavy packages checked: ${HEAVY_PACKAGES.join(', ')}.`,
    '', ...table, '',
    ...visits.flatMap((visit) => [`Requests of the first visit of \`${visit.route}\` after \`/chatPage\`, signed in:`, '', visitRequestList(visit), '']),
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
  files = buildFiles({ hostDist, remotesDir: product.remotesDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS }).catch(async (e) => {
    await product.stop();
    throw e;
  });
  try {
    const results = {
      host: await measureHostOnly(browser, product.origin),
      chat: await measureChatPage(browser, product.origin),
      repeat: await measureRepeatVisit(browser, product.origin),
      visits: [],
      registry: await measureRegistry(product.origin),
      sdk: sizeOfFiles(hostDist, sharedChunkFiles(hostDist, '@qiming/sdk')),
    };
    for (const visit of AREA_VISITS) {
      console.log(`[bench] first visit of ${visit.route}…`);
      results.visits.push(await measureFirstVisit(browser, product.origin, product.signedIn, visit));
    }
    const rows = buildRows(results);
    console.table(rows);
    for (const visit of results.visits) console.log(`First visit of ${visit.route}:`, visit.requests.map(pathOf).join(' '));
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
