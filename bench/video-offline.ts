/**
 * The offline video generator (issue 25): seconds to make a 5 s clip (640×360 and 360×640, 24 fps,
 * text-to-video from a painted scene) and its file size, and a 12 s clip; each in its own worker
 * thread as the server runs it, one after another. BENCH_CLIPS per row (default 5) after one warm-up.
 * Run from bench/ (where tsx is installed): node --import tsx video-offline.ts.
 */
import os from 'node:os';
import { renderClip } from '../server/src/modules/video/providers/offline/offlineVideo.ts';
import { clipInfo } from '../server/src/modules/video/mp4.ts';

const CLIPS = Number(process.env.BENCH_CLIPS ?? 5);
const PROMPTS = ['雪山下的森林和湖泊，镜头缓缓推进', '夜晚的城市，霓虹闪烁', '雨中的江南小巷', '海边日落，海鸥飞过'];
const hooks = { onProgress() {}, signal: new AbortController().signal };

async function measure(name: string, width: number, height: number, seconds: number) {
  const job = (i: number) => ({ prompt: PROMPTS[i % PROMPTS.length]!, seed: i, width, height, fps: 24, seconds, firstFrame: null, badge: '离线演示' });
  await renderClip(job(0), hooks);
  const times: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < CLIPS; i++) {
    const started = performance.now();
    const clip = await renderClip(job(i), hooks);
    times.push((performance.now() - started) / 1000);
    const info = clipInfo(Buffer.from(clip.mp4));
    if (!info || info.durationMs !== seconds * 1000) throw new Error(`bad clip: ${JSON.stringify(info)}`);
    sizes.push(clip.mp4.length);
  }
  times.sort((a, b) => a - b);
  const kib = sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024;
  return { name, median: times[times.length >> 1]!, max: times.at(-1)!, kib };
}

const rows = [await measure('5 s 640×360', 640, 360, 5), await measure('5 s 360×640', 360, 640, 5), await measure('12 s 640×360', 640, 360, 12)];
console.log(`offline video generator, ${CLIPS} clips per row after one warm-up, H.264 (h264-mp4-encoder, speed 8, QP 30), ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]!.toFixed(1)}`);
console.log('| clip | median s | max s | mean size KiB |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.median.toFixed(2)} | ${r.max.toFixed(2)} | ${r.kib.toFixed(0)} |`);
