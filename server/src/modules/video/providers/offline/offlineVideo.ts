import { Worker } from 'node:worker_threads';
import { OFFLINE_SIZES } from '../../models.js';
import { VideoProviderError, type RunHooks, type VideoJob, type VideoOutcome, type VideoProvider } from '../provider.js';
import type { ClipJob, ClipMessage } from './clipWorker.js';

/** Under tsx (development, tests) the worker is the TypeScript file behind a loader; built, the compiled one. */
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./clipWorker.bootstrap.mjs', import.meta.url) : new URL('./clipWorker.js', import.meta.url);

export const OFFLINE_FPS = 24;
export const OFFLINE_BADGE = '离线演示';

/** The seed of a task's clip: the same task id draws the same clip. */
const seedOf = (taskId: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < taskId.length; i++) hash = Math.imul(hash ^ taskId.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

/** Runs one clip job in its own worker thread; an abort terminates the thread at once. */
export function renderClip(job: ClipJob, hooks: Pick<RunHooks, 'onProgress' | 'signal'>): Promise<Extract<ClipMessage, { type: 'done' }>> {
  hooks.signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_ENTRY, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      hooks.signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(hooks.signal.reason as Error));
    hooks.signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: ClipMessage) => {
      if (message.type === 'progress') hooks.onProgress(message.percent);
      else if (message.type === 'done') finish(() => resolve(message));
      else finish(() => reject(new Error(`offline clip: ${message.message}`)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`offline clip worker exited with code ${code}`))));
  });
}

/**
 * The embedded default (离线演示): makes a real, playable H.264 MP4 of the asked length on this
 * machine — the prompt's painted scene (or the uploaded first frame) under a moving camera, with
 * moving elements and the prompt as a caption — and a JPEG poster. See README.md.
 */
export class OfflineVideoGenerator implements VideoProvider {
  readonly kind = 'offline' as const;

  async run(job: VideoJob, hooks: RunHooks): Promise<VideoOutcome> {
    hooks.onProgress(1);
    const size = OFFLINE_SIZES[job.aspect];
    try {
      const clip = await renderClip(
        {
          prompt: job.prompt,
          seed: seedOf(job.taskId),
          ...size,
          fps: OFFLINE_FPS,
          seconds: job.seconds,
          firstFrame: job.firstFrame ? new Uint8Array(job.firstFrame.data) : null,
          badge: OFFLINE_BADGE,
        },
        hooks,
      );
      return { video: Buffer.from(clip.mp4), poster: { mime: 'image/jpeg', data: Buffer.from(clip.poster) }, providerState: { generator: 'offline' } };
    } catch (error) {
      if (hooks.signal.aborted || !job.firstFrame) throw error;
      // sharp could not decode the first frame (the upload checked its type; the bytes may still be damaged).
      throw new VideoProviderError('首帧图片无法读取，请换一张图片再试', false);
    }
  }
}
