import { VideoProviderError, type RunHooks, type VideoJob, type VideoOutcome, type VideoProvider, type VideoProviderSource } from './providers/index.js';

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255])));

/**
 * A small, structurally valid MP4 (ftyp, moov with mvhd and one video track's tkhd, mdat): what
 * clipInfo reads. Not decodable — for the worker's checks and the providers' fakes, not a player.
 */
export function tinyMp4(width: number, height: number, durationMs: number): Buffer {
  const mvhd = box('mvhd', u32(0, 0, 0, 1000, durationMs), Buffer.alloc(80));
  const tkhd = box('tkhd', u32(0, 0, 0, 1, 0, durationMs), Buffer.alloc(52), u32(width * 65536, height * 65536));
  return Buffer.concat([box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomavc1')), box('moov', mvhd, box('trak', tkhd)), box('mdat', Buffer.alloc(64, 7))]);
}

/** What the fake does with the next jobs. */
export type FakeVideoMode = 'ok' | 'fail' | 'hang' | 'garbage';

/** A test VideoProvider: answers a tiny MP4 of the job's length, reports progress, honours the abort signal, records its jobs. */
export class FakeVideoProvider implements VideoProvider {
  readonly kind = 'task-relay' as const;
  mode: FakeVideoMode = 'ok';
  readonly jobs: VideoJob[] = [];

  async run(job: VideoJob, hooks: RunHooks): Promise<VideoOutcome> {
    this.jobs.push(job);
    hooks.onProgress(20);
    hooks.onSubmitted?.({ upstreamId: `fake-${this.jobs.length}` });
    if (this.mode === 'hang') return new Promise<never>((_, reject) => hooks.signal.addEventListener('abort', () => reject(hooks.signal.reason as Error), { once: true }));
    if (this.mode === 'fail') throw new VideoProviderError('视频服务拒绝了这个请求，积分已退回，请调整后再试', false);
    if (this.mode === 'garbage') return { video: Buffer.from('<html>not a video</html>'), poster: null };
    const size = job.aspect === '9:16' ? [72, 128] : [128, 72];
    return { video: tinyMp4(size[0]!, size[1]!, job.seconds * 1000), poster: null, providerState: { upstreamId: 'fake' } };
  }
}

/** Every video model made by one provider. */
export const providersOf = (provider: VideoProvider, offline = false): VideoProviderSource => ({ providerFor: () => ({ provider, upstreamModel: 'fake-video', offline }) });
