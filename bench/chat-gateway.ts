// Chat gateway benchmark (issue: relay overhead and concurrent streams). Reports, never asserts.
// Run: pnpm --filter @qiming/bench run chat   (writes the figures into bench/README.md)
//
// 1. Relay overhead: a local OpenAI-compatible upstream sends numbered chunks at a fixed pace; the
//    same stream is read straight from it and through the gateway (a server child process whose
//    only channel is that upstream). Per chunk: arrival time minus the upstream's send time.
// 2. Concurrent streams: N streams of the offline model, paced so they all overlap, against one
//    server process; its RSS (from /proc) before and at the peak.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { ACCOUNT_TEST_ENV, register, uniquePhone } from '../server/src/testing/accounts.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const RELAY_CHUNKS = 200;
const RELAY_INTERVAL_MS = 5;
const RELAY_RUNS = 5;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const USERS = 4;

// ---- a paced OpenAI-compatible upstream, remembering when it sent each chunk -------------------

const sentAt = new Map<string, number[]>();
const upstream = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const run = String(req.headers['x-bench-run'] ?? `gw-${sentAt.size}`);
    const times: number[] = [];
    sentAt.set(run, times);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.socket?.setNoDelay(true);
    let index = 0;
    const timer = setInterval(() => {
      if (index === RELAY_CHUNKS) {
        clearInterval(timer);
        res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 10, completion_tokens: RELAY_CHUNKS } })}\n\n`);
        res.end('data: [DONE]\n\n');
        return;
      }
      times.push(performance.timeOrigin + performance.now());
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `${index}|` } }] })}\n\n`);
      index++;
    }, RELAY_INTERVAL_MS);
    res.on('close', () => clearInterval(timer));
  });
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

// ---- the server: users made in-process, then a child process on the same data ------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-bench-chat-'));
const env: Record<string, string> = {
  ...ACCOUNT_TEST_ENV,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SIGN_REQUIRED: 'false',
  CHAT_CHANNELS: JSON.stringify([{ id: 'bench', kind: 'openai-compatible', baseUrl: `${upstreamBase}/v1`, apiKeyEnv: 'BENCH_UPSTREAM_KEY', models: ['glm-4-flash'] }]),
  BENCH_UPSTREAM_KEY: 'bench',
  OFFLINE_TOKENS_PER_SECOND: '40',
  OFFLINE_FIRST_TOKEN_MS: '200',
  CHAT_PING_SECONDS: '5',
};
Object.assign(process.env, env);

const tokens: string[] = [];
{
  const app = await buildApp(loadConfig({ ...process.env, ...env }));
  for (let i = 0; i < USERS; i++) {
    const session = await register(app.server, { phone: uniquePhone() });
    const userId = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()).sub as string;
    await app.points.credit(userId, 'permanent', 10_000_000, { kind: 'redeem', reference: 'bench', key: `bench:${userId}` });
    tokens.push(session.accessToken);
  }
  await app.close();
}

const port = await freePort();
const server: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--enable-source-maps', 'dist/main.js'], {
  cwd: path.join(repoRoot, 'server'),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HOST_SHELL_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
await waitFor(async () => (await fetch(`${base}/ping`)).ok);

try {
  const relay = await measureRelay();
  const concurrency = await measureConcurrency();
  report(relay, concurrency);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  upstream.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ---- measurements ---------------------------------------------------------------------------

interface RelayFigures {
  direct: { ttfbMs: number; chunkP50: number; chunkP99: number };
  gateway: { ttfbMs: number; firstContentMs: number; chunkP50: number; chunkP99: number };
}

async function measureRelay(): Promise<RelayFigures> {
  const direct: number[][] = [];
  const gateway: number[][] = [];
  const directTtfb: number[] = [];
  const gatewayTtfb: number[] = [];
  const gatewayFirstContent: number[] = [];
  for (let run = 0; run < RELAY_RUNS; run++) {
    const id = `direct-${run}`;
    const d = await readTimed(`${upstreamBase}/v1/chat/completions`, { 'x-bench-run': id }, {}, (data) => JSON.parse(data).choices?.[0]?.delta?.content);
    directTtfb.push(d.firstByteMs);
    direct.push(latencies(d.arrivals, sentAt.get(id)!));

    const before = new Set(sentAt.keys());
    const g = await readTimed(
      `${base}/app-api/backend-api/getStream`,
      { authorization: `Bearer ${tokens[0]}` },
      { model: 'glm-4-flash', request: `测一下转发延迟 ${run}`, recentChatLen: 4, useContext: true, stream: true },
      (data) => {
        const chunk = JSON.parse(data);
        return chunk.type === 'normal' ? chunk.choices?.[0]?.delta?.content : undefined;
      },
    );
    const gatewayRun = [...sentAt.keys()].find((key) => !before.has(key))!;
    gatewayTtfb.push(g.firstByteMs);
    gatewayFirstContent.push(g.firstContentMs);
    gateway.push(latencies(g.arrivals, sentAt.get(gatewayRun)!));
  }
  const all = (runs: number[][]) => runs.flat().sort((a, b) => a - b);
  return {
    direct: { ttfbMs: median(directTtfb), chunkP50: percentile(all(direct), 50), chunkP99: percentile(all(direct), 99) },
    gateway: { ttfbMs: median(gatewayTtfb), firstContentMs: median(gatewayFirstContent), chunkP50: percentile(all(gateway), 50), chunkP99: percentile(all(gateway), 99) },
  };
}

/** Arrival minus send time of each numbered chunk ("<index>|" in the content). */
function latencies(arrivals: Map<number, number>, sent: number[]): number[] {
  return [...arrivals].filter(([index]) => sent[index] !== undefined).map(([index, at]) => at - sent[index]!);
}

async function readTimed(url: string, headers: Record<string, string>, body: object, contentOf: (data: string) => string | undefined) {
  const started = performance.timeOrigin + performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const arrivals = new Map<number, number>();
  let firstByteMs = -1;
  let firstContentMs = -1;
  let pending = '';
  const parser = createParser({
    onEvent(message) {
      if (message.data === '[DONE]' || message.event === 'done') return;
      const content = contentOf(message.data);
      if (!content) return;
      const now = performance.timeOrigin + performance.now();
      if (firstContentMs < 0) firstContentMs = now - started;
      pending += content;
      for (const part of pending.split('|').slice(0, -1)) arrivals.set(Number(part), now);
      pending = pending.slice(pending.lastIndexOf('|') + 1);
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (firstByteMs < 0) firstByteMs = performance.timeOrigin + performance.now() - started;
    parser.feed(decoder.decode(bytes, { stream: true }));
  }
  return { firstByteMs, firstContentMs, arrivals };
}

interface ConcurrencyFigures {
  streams: number;
  finished: number;
  peakConcurrent: number;
  baselineRssMb: number;
  peakRssMb: number;
  perStreamKb: number;
  wallSeconds: number;
}

async function measureConcurrency(): Promise<ConcurrencyFigures> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baseline = rssMb(server.pid!);
  let peak = baseline;
  let active = 0;
  let peakConcurrent = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid!));
  }, 100);
  const started = Date.now();
  const outcomes = await Promise.all(
    Array.from({ length: STREAMS }, async (_, i) => {
      const response = await fetch(`${base}/app-api/backend-api/getStream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % USERS]}` },
        body: JSON.stringify({ model: 'ai3', request: `并发流 ${i}：介绍一下杭州`, recentChatLen: 4, useContext: true, stream: true }),
      });
      let started = false;
      let done = false;
      const parser = createParser({
        onEvent(message) {
          if (message.event === 'done') done = true;
          else if (!started) {
            started = true;
            active++;
            peakConcurrent = Math.max(peakConcurrent, active);
          }
        },
      });
      const decoder = new TextDecoder();
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(bytes, { stream: true }));
      if (started) active--;
      return done;
    }),
  );
  clearInterval(sampler);
  return {
    streams: STREAMS,
    finished: outcomes.filter(Boolean).length,
    peakConcurrent,
    baselineRssMb: baseline,
    peakRssMb: peak,
    perStreamKb: ((peak - baseline) * 1024) / STREAMS,
    wallSeconds: (Date.now() - started) / 1000,
  };
}

// ---- report ---------------------------------------------------------------------------------

function report(relay: RelayFigures, c: ConcurrencyFigures): void {
  const added = relay.gateway.chunkP50 - relay.direct.chunkP50;
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}; server as one Node process (compiled, node dist/main.js), 127.0.0.1.`,
    '',
    `**Relay overhead** (${RELAY_RUNS} runs × ${RELAY_CHUNKS} chunks every ${RELAY_INTERVAL_MS} ms from a local OpenAI-compatible upstream):`,
    '',
    '| | straight from the upstream | through the gateway | ratio |',
    '|---|---|---|---|',
    `| time to first byte (median) | ${relay.direct.ttfbMs.toFixed(1)} ms | ${relay.gateway.ttfbMs.toFixed(1)} ms (ping chunk) | ${(relay.gateway.ttfbMs / relay.direct.ttfbMs).toFixed(2)} |`,
    `| time to first answer text (median) | ${relay.direct.ttfbMs.toFixed(1)} ms | ${relay.gateway.firstContentMs.toFixed(1)} ms | ${(relay.gateway.firstContentMs / relay.direct.ttfbMs).toFixed(2)} |`,
    `| per-chunk latency p50 | ${relay.direct.chunkP50.toFixed(2)} ms | ${relay.gateway.chunkP50.toFixed(2)} ms | ${(relay.gateway.chunkP50 / Math.max(relay.direct.chunkP50, 0.01)).toFixed(2)} |`,
    `| per-chunk latency p99 | ${relay.direct.chunkP99.toFixed(2)} ms | ${relay.gateway.chunkP99.toFixed(2)} ms | |`,
    '',
    `Added per chunk at p50: **${added.toFixed(2)} ms** (target ≤ 2 ms: ${added <= 2 ? 'met' : 'missed'}).`,
    '',
    `**Concurrent streams** (offline model paced at 40 tokens/s, ${USERS} users): ${c.finished}/${c.streams} finished with \`done\`, ${c.peakConcurrent} streaming at once at the peak, in ${c.wallSeconds.toFixed(1)} s. Server RSS ${c.baselineRssMb.toFixed(0)} MB before, **${c.peakRssMb.toFixed(0)} MB** at the peak, ≈ ${c.perStreamKb.toFixed(0)} KB per stream (target ≥ 1000 streams under 300 MB: ${c.peakConcurrent >= 1000 && c.peakRssMb < 300 ? 'met' : 'missed'}).`,
  ];
  const text = lines.join('\n');
  console.log(text);
  const readme = path.join(here, 'README.md');
  const current = fs.readFileSync(readme, 'utf8');
  const start = '<!-- chat:start -->';
  const end = '<!-- chat:end -->';
  if (current.includes(start)) fs.writeFileSync(readme, current.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${text}\n${end}`));
}

// ---- helpers --------------------------------------------------------------------------------

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}
