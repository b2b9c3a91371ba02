import type { ImageTaskKind } from '@qiming/contracts';
import sharp from 'sharp';
import { ImageProviderError, type ImageJob, type ImageProvider, type ProviderOutcome, type RunHooks } from './providers/provider.js';
import type { ProviderChoice, ProviderSource } from './service.js';

/** What the fake does with the next jobs. */
export type FakeMode = 'ok' | 'fail' | 'hang' | { partial: number };

/** A small solid PNG. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [200, 80, 40]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();
}

/**
 * A test ImageProvider: draws small solid PNGs (a 2×2 grid for Midjourney-style kinds, one per
 * `count` otherwise), reports progress, honours the abort signal, and records every job it ran.
 */
export class FakeImageProvider implements ImageProvider {
  readonly kind = 'sd-webui' as const;
  mode: FakeMode = 'ok';
  /** Each run waits this long first (two workers racing for tasks). */
  delayMs = 0;
  readonly jobs: ImageJob[] = [];

  supports(_kind: ImageTaskKind): boolean {
    return true;
  }

  async run(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    this.jobs.push(job);
    hooks.onProgress(10);
    if (this.delayMs) await abortable(new Promise((resolve) => setTimeout(resolve, this.delayMs)), hooks.signal);
    const mode = this.mode;
    if (mode === 'hang') return abortable(new Promise<never>(() => undefined), hooks.signal);
    if (mode === 'fail') throw new ImageProviderError('上游绘图服务拒绝了该请求', false);
    hooks.onProgress(60);
    if (job.kind === 'describe') return { images: [], descriptions: ['a red square', 'a flat colour field', 'minimalism', 'abstract art'] };
    const grid = job.kind === 'imagine' || job.kind === 'blend' || (job.kind === 'action' && job.action?.name.startsWith('U') === false);
    if (grid) return { images: [{ mime: 'image/png', data: await solidPng(256, 256) }], grid: true, providerState: { upstreamTask: 'fake-1' }, seed: 42 };
    const count = typeof mode === 'object' ? mode.partial : Math.max(1, job.count);
    const images = await Promise.all(Array.from({ length: count }, (_, i) => solidPng(96, 64, [10 * i, 120, 200])));
    return { images: images.map((data) => ({ mime: 'image/png', data })), seed: job.seed ?? 7 };
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    promise.then(resolve, reject);
  });
}

/** Every image model drawn by one provider. */
export function providersOf(provider: ImageProvider, offline = false): ProviderSource {
  const choice: ProviderChoice = { provider, upstreamModel: 'fake-model', offline };
  const kinds: ImageTaskKind[] = ['txt2img', 'img2img', 'imagine', 'action', 'blend', 'describe', 'swapFace'];
  return { providerFor: () => choice, kindsFor: () => kinds.filter((kind) => provider.supports(kind)) };
}
