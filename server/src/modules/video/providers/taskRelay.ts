import { PROVIDER_SIZES } from '../models.js';
import { VideoProviderError, type RunHooks, type VideoJob, type VideoOutcome, type VideoProvider } from './provider.js';
import { apiRootOf, callJson, DEFAULT_OPTIONS, download, type HttpVideoOptions, MESSAGES, percentOf, posterMime, sleep, taskFailure, textOf, translatingFailures } from './upstream.js';

const LABEL = 'video relay';

const DONE = new Set(['completed', 'succeeded', 'success', 'succeed']);
const FAILED = new Set(['failed', 'failure', 'cancelled', 'canceled', 'expired', 'timeout']);

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The answer's object: new-api answers flat; some relays wrap it in `data`. */
const bodyOf = (answer: Record<string, unknown>) => (answer.data && typeof answer.data === 'object' && !Array.isArray(answer.data) ? record(answer.data) : answer);

/**
 * An async video task relay as new-api relays Kling, Veo, Luma… (the call createTask):
 * POST /v1/video/generations {model, prompt, image, duration, width, height, metadata} → {task_id};
 * GET /v1/video/generations/{task_id} → {status, progress, url | video_url | content.video_url,
 * error}. The statuses of the relays seen (queued / in_progress / completed / failed, and
 * processing / succeeded) are both read.
 */
export class TaskRelayProvider implements VideoProvider {
  readonly kind = 'task-relay' as const;
  private readonly apiRoot: string;
  private readonly options: HttpVideoOptions & typeof DEFAULT_OPTIONS;

  constructor(options: HttpVideoOptions) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.apiRoot = apiRootOf(options.baseUrl);
  }

  run(job: VideoJob, hooks: RunHooks): Promise<VideoOutcome> {
    return translatingFailures(hooks.signal, async () => {
      const { signal } = hooks;
      const size = PROVIDER_SIZES[job.aspect];
      const payload = {
        model: job.upstreamModel,
        prompt: job.prompt,
        duration: job.seconds,
        width: size.width,
        height: size.height,
        ...(job.firstFrame ? { image: `data:${job.firstFrame.mime};base64,${job.firstFrame.data.toString('base64')}` } : {}),
        metadata: { aspect_ratio: job.aspect },
      };
      const created = bodyOf(await this.call(`${this.apiRoot}/video/generations`, signal, JSON.stringify(payload)));
      const id = textOf(created.task_id) || textOf(created.id);
      if (!id) throw new VideoProviderError(MESSAGES.badAnswer, true);
      hooks.onSubmitted?.({ upstreamId: id });
      for (;;) {
        await sleep(this.options.pollMs, signal);
        const status = bodyOf(await this.call(`${this.apiRoot}/video/generations/${encodeURIComponent(id)}`, signal));
        const state = textOf(status.status).toLowerCase();
        if (FAILED.has(state)) {
          const error = record(status.error);
          throw taskFailure(textOf(error.message) || textOf(status.fail_reason) || textOf(status.message));
        }
        const url = textOf(status.url) || textOf(status.video_url) || textOf(record(status.content).video_url);
        if (DONE.has(state) || (url && !state)) {
          if (!url) throw new VideoProviderError(MESSAGES.badAnswer, true);
          return this.fetchResult(url, textOf(status.cover_url) || textOf(status.thumbnail_url), id, signal);
        }
        const progress = percentOf(status.progress);
        if (progress !== null) hooks.onProgress(Math.min(95, progress));
      }
    });
  }

  private async fetchResult(url: string, posterUrl: string, id: string, signal: AbortSignal): Promise<VideoOutcome> {
    // The result is usually on the vendor's CDN: no key is sent there.
    const video = await download({ url, timeoutMs: this.options.downloadTimeoutMs, signal, label: LABEL, fetch: this.options.fetch }, 'video');
    const still = posterUrl
      ? await download({ url: posterUrl, timeoutMs: this.options.requestTimeoutMs, signal, label: LABEL, fetch: this.options.fetch }, 'poster').catch((error: unknown) => {
          if (signal.aborted) throw error;
          return null;
        })
      : null;
    const mime = still && posterMime(still);
    return { video, poster: still && mime ? { mime, data: still } : null, providerState: { upstreamId: id } };
  }

  private call(url: string, signal: AbortSignal, body?: string): Promise<Record<string, unknown>> {
    return callJson({
      url,
      method: body === undefined ? 'GET' : 'POST',
      body,
      headers: { authorization: `Bearer ${this.options.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      timeoutMs: this.options.requestTimeoutMs,
      signal,
      label: LABEL,
      secrets: [this.options.apiKey],
      fetch: this.options.fetch,
    });
  }
}
