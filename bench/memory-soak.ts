/**
 * Memory after bursts (issue 19, item 10): the compiled server (`node server/dist/main.js`, build
 * it first) on 127.0.0.1, its RSS (/proc/<pid>/status VmRSS) at the start, at the peak and after
 * it has settled, around two bursts:
 *   1. 1,000 mixed requests, 8 at a time: bad input (malformed JSON, a 900 KB JSON body, a bad
 *      multipart form, a file refused for its type), small uploads (text), registry and 404 reads;
 *   2. 50 uploads of a 19 MB text file, one at a time.
 * "start" is after one warm-up round of every kind (libraries loaded on first use count there).
 * Settled: the lowest RSS over 20 s after the burst (sampled every second). Goal: back within
 * 50 MB of the start. Run: node --import tsx memory-soak.ts (in bench/).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { ACCOUNT_TEST_ENV, register, uniquePhone } from '../server/src/testing/accounts.ts';
import { startLocalServer } from './support/localServer.ts';

const MIXED = Number(process.env.BENCH_MIXED ?? 1000);
const BIG_UPLOADS = Number(process.env.BENCH_UPLOADS ?? 50);
const BIG_BYTES = 19 * 1024 * 1024;
const MB = 1024 * 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-bench-memory-'));
const env: Record<string, string> = { ...ACCOUNT_TEST_ENV, DATA_DIR: dataDir, HOST_SHELL_DIR: dataDir, LOG_LEVEL: 'warn', SIGN_REQUIRED: 'false', UPLOAD_OCR: 'false' };

const tokens: string[] = [];
{
  const app = await buildApp(loadConfig({ ...process.env, ...env }));
  for (let i = 0; i < 4; i++) tokens.push((await register(app.server, { phone: uniquePhone() })).accessToken);
  await app.close();
}

// Production as deployed: no development stand-ins, so PUBLIC_ORIGIN is required.
const local = await startLocalServer({ ...env, NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://127.0.0.1' });
const { base, process: server } = local;

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) * 1024;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function settled(): Promise<number> {
  let low = Infinity;
  for (let i = 0; i < 20; i++) {
    await sleep(1000);
    low = Math.min(low, rss());
  }
  return low;
}

const api = (p: string) => `${base}/app-api/${p}`;
const auth = (i: number) => ({ authorization: `Bearer ${tokens[i % tokens.length]}` });
const upload = (i: number, name: string, body: Blob) => {
  const form = new FormData();
  form.append('file', body, name);
  return fetch(api('backend-api/uploadChatKnowledge2'), { method: 'POST', headers: auth(i), body: form });
};
const bigJson = JSON.stringify({ input: 'x'.repeat(900 * 1024) });
const kinds: Array<(i: number) => Promise<Response>> = [
  (i) => fetch(api('captcha/check'), { method: 'POST', headers: { 'content-type': 'application/json', ...auth(i) }, body: '{"captchaId": "x", "x": ' }),
  (i) => fetch(api('backend-api/generateSpeech'), { method: 'POST', headers: { 'content-type': 'application/json', ...auth(i) }, body: bigJson }),
  (i) => fetch(api('backend-api/uploadChatKnowledge2'), { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=zz', ...auth(i) }, body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc' }),
  (i) => upload(i, 'archive.zip', new Blob([Buffer.from('PK\u0003\u0004' + 'z'.repeat(200_000))])),
  (i) => upload(i, `note-${i}.txt`, new Blob([`第 ${i} 行笔记。`.repeat(2000)])),
  () => fetch(api('platform/remotes')),
  () => fetch(api('no/such/path')),
];
const drain = async (response: Promise<Response>) => void (await (await response).arrayBuffer());

try {
  for (let i = 0; i < kinds.length; i++) await drain(kinds[i]!(i));
  await drain(upload(0, 'warm.txt', new Blob([Buffer.alloc(BIG_BYTES, 'a')])));
  const start = await settled();

  peak = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < MIXED; i = next++) await drain(kinds[i % kinds.length]!(i));
    }),
  );
  const mixedPeak = peak;
  const afterMixed = await settled();

  peak = 0;
  const big = Buffer.alloc(BIG_BYTES);
  for (let i = 0; i < BIG_BYTES; i += 64) big.write(`line ${i} of a large upload\n`.padEnd(64, '.'), i);
  for (let i = 0; i < BIG_UPLOADS; i++) await drain(upload(i, `big-${i}.txt`, new Blob([big])));
  const uploadPeak = peak;
  const afterUploads = await settled();

  const f = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  console.log(`memory soak, compiled server (pid ${server.pid}), ${os.availableParallelism()} cores`);
  console.log(`  start (after warm-up): ${f(start)}`);
  console.log(`  ${MIXED} mixed requests: peak ${f(mixedPeak)}, settled ${f(afterMixed)} (${afterMixed - start >= 0 ? '+' : ''}${f(afterMixed - start)})`);
  console.log(`  ${BIG_UPLOADS} uploads of 19 MB: peak ${f(uploadPeak)}, settled ${f(afterUploads)} (${afterUploads - start >= 0 ? '+' : ''}${f(afterUploads - start)})`);
} finally {
  clearInterval(sampler);
  await local.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
