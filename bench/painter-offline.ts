/**
 * The offline painter (issue 21): milliseconds per image and images per second on one core, for
 * txt2img at 1024×1024 and 512×512 and for an upscale (U1 of a 1024² grid: 2048×2048). Prompts
 * cycle through plain scenes and every style (watercolour and oil are the slowest). One process,
 * images drawn one after another: libvips is held to one thread (sharp.concurrency(1)).
 * Then the task latency: the server in this process (SQLite in a temp dir, one image worker, the
 * offline painter), a user submitting one task at a time over HTTP and reading it back every 50 ms
 * until it has succeeded; BENCH_TASKS (default 20). The page polls every 2 s (IMAGE_LIMITS.pollMs),
 * which adds up to that to what a user waits.
 * Run from bench/ (where tsx is installed): node --import tsx painter-offline.ts. BENCH_IMAGES (default 12).
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import type { ImageJob } from '../server/src/modules/images/providers/provider.ts';
import { OfflinePainter } from '../server/src/modules/images/providers/offline/offlinePainter.ts';
import type { ImageTask } from '../contracts/src/images.ts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../server/src/testing/accounts.ts';
import { createTestApp } from '../server/src/testing/testApp.ts';

// sharp is the server's dependency, not the bench package's.
const sharp = createRequire(new URL('../server/package.json', import.meta.url))('sharp') as typeof import('sharp');
sharp.concurrency(1);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 12);
const PROMPTS = ['夜晚的海边，星空下一只猫', '赛博朋克风格的城市夜景', '水彩 山间云海 日出', '像素风格的小镇全景', '中国水墨风格的山间云海', '动漫风格的少女在樱花树下读书', 'an abstract thought about quantum love', '油画 森林 雪 冬天'];
const painter = new OfflinePainter();
const hooks = { onProgress() {}, signal: new AbortController().signal };
const job = (fields: Partial<ImageJob>): ImageJob => ({ kind: 'txt2img', model: 'flux', upstreamModel: 'flux', prompt: '', negativePrompt: '', width: 1024, height: 1024, count: 1, seed: 1, references: [], strength: 0.6, action: null, ...fields });

async function measure(name: string, make: (i: number) => ImageJob) {
  await painter.run(make(0), hooks);
  const times: number[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const started = performance.now();
    await painter.run(make(i), hooks);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { name, median: times[times.length >> 1]!, max: times.at(-1)!, perSecond: 1000 / mean };
}

const parentOf = async (prompt: string) => {
  const grid = await painter.run(job({ kind: 'imagine', prompt, seed: 5 }), hooks);
  return { prompt, negativePrompt: '', seed: 5, width: 1024, height: 1024, images: grid.images, providerState: grid.providerState };
};
const parents = await Promise.all(PROMPTS.map(parentOf));

const rows = [
  await measure('txt2img 1024×1024', (i) => job({ prompt: PROMPTS[i % PROMPTS.length]!, seed: i })),
  await measure('txt2img 512×512', (i) => job({ prompt: PROMPTS[i % PROMPTS.length]!, seed: i, width: 512, height: 512 })),
  await measure('upscale U1 → 2048×2048', (i) => job({ kind: 'action', action: { name: 'U1', parent: parents[i % parents.length]! } })),
];
console.log(`offline painter, ${IMAGES} images per row after one warm-up, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}, 1 libvips thread, ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]!.toFixed(1)}`);
console.log('| what | median ms | max ms | images/s |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.median.toFixed(0)} | ${r.max.toFixed(0)} | ${r.perSecond.toFixed(2)} |`);

/** Submit → succeeded over HTTP, one task at a time, for `model` (SD: one image; MJ: a grid of four). */
async function taskLatency(model: string, path: string, tasks: number): Promise<{ median: number; p95: number }> {
  const t = await createTestApp({ ...ACCOUNT_TEST_ENV, LOG_LEVEL: 'error', IMAGE_WORKERS: '1', IMAGE_CHANNELS: '' });
  try {
    const user = await registeredUser(t.app.server);
    await t.app.points.credit(user.id, 'permanent', 10_000_000, { kind: 'adjust', reference: 'bench', key: `bench-painter:${user.id}` });
    const times: number[] = [];
    for (let i = 0; i < tasks; i++) {
      const started = performance.now();
      const task = await data<ImageTask>(t.app.server, 'POST', path, { token: user.token, payload: { model, prompt: PROMPTS[i % PROMPTS.length]!, seed: i } });
      for (;;) {
        const now = await data<ImageTask>(t.app.server, 'GET', `sd/getImgByReqId?reqId=${task.id}`, { token: user.token });
        if (now.status === 'failed') throw new Error(`task failed: ${now.error}`);
        if (now.status === 'succeeded') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { median: times[times.length >> 1]!, p95: times[Math.floor(times.length * 0.95)]! };
  } finally {
    await t.close();
  }
}

const TASKS = Number(process.env.BENCH_TASKS ?? 20);
const latencies = [
  { name: 'stable-diffusion txt2img 1024×1024, one image', ...(await taskLatency('stable-diffusion', 'sd/txt2img', TASKS)) },
  { name: 'mj-chat imagine, a grid of four', ...(await taskLatency('mj-chat', 'backend-api/mjPainter', TASKS)) },
];
console.log(`\ntask latency, submit → succeeded over HTTP (server in-process, one worker), ${TASKS} tasks each`);
console.log('| task | p50 ms | p95 ms |');
console.log('|---|---|---|');
for (const r of latencies) console.log(`| ${r.name} | ${r.median.toFixed(0)} | ${r.p95.toFixed(0)} |`);
