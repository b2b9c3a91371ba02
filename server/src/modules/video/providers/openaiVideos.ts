import { PROVIDER_SIZES } from '../models.js';
import { VideoProviderError, type RunHooks, type VideoJob, type VideoOutcome, type VideoProvider } from './provider.js';
import { apiRootOf, callJson, DEFAULT_OPTIONS, download, type HttpVideoOptions, MESSAGES, percentOf, posterMime, sleep, taskFailure, textOf, translatingFailures } from './upstream.js';

const LABEL = 'openai videos';
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * OpenAI's Videos API (Sora, the call createSoraTask): POST /v1/videos (multipart: model, prompt,
 * seconds, size, input_reference) → a video job; GET /v1/videos/{id} until `completed` / `failed`
 * (with `progress`); GET /v1/videos/{id}/content → the MP4, `?variant=thumbnail` → a still.
 */
export class OpenAiVideosProvider implements VideoProvider {
  readonly kind = 'openai-videos' as const;
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
      const form = new FormData();
      form.append('model', job.upstreamModel);
      form.append('prompt', job.prompt);
      form.append('seconds', String(job.seconds));
      form.append('size', `${size.width}x${size.height}`);
      if (job.firstFrame) {
        form.append('input_reference', new Blob([new Uint8Array(job.firstFrame.data)], { type: job.firstFrame.mime }), `first-frame.${EXTENSIONS[job.firstFrame.mime] ?? 'png'}`);
      }
      const created = await callJson({ url: `${this.apiRoot}/videos`, method: 'POST', body: form, headers: this.headers(), timeoutMs: this.options.requestTimeoutMs, signal, label: LABEL, secrets: [this.options.apiKey], fetch: this.options.fetch });
      const id = textOf(created.id);
      if (!id) throw new VideoProviderError(MESSAGES.badAnswer, true);
      hooks.onSubmitted?.({ upstreamId: id });
      let status = created;
      for (;;) {
        const state = textOf(status.status);
        if (state === 'completed') break;
        if (state === 'failed' || state === 'cancelled') throw taskFailure(textOf((status.error as { message?: unknown } | undefined)?.message));
        const progress = percentOf(status.progress);
        if (progress !== null) hooks.onProgress(Math.min(95, progress));
        await sleep(this.options.pollMs, signal);
        status = await callJson({ url: `${this.apiRoot}/videos/${encodeURIComponent(id)}`, headers: this.headers(), timeoutMs: this.options.requestTimeoutMs, signal, label: LABEL, secrets: [this.options.apiKey], fetch: this.options.fetch });
      }
      const content = `${this.apiRoot}/videos/${encodeURIComponent(id)}/content`;
      const video = await download({ url: content, headers: this.headers(), timeoutMs: this.options.downloadTimeoutMs, signal, label: LABEL, secrets: [this.options.apiKey], fetch: this.options.fetch }, 'video');
      // The still is a nicety: a clip without one still succeeds.
      const still = await download({ url: `${content}?variant=thumbnail`, headers: this.headers(), timeoutMs: this.options.requestTimeoutMs, signal, label: LABEL, fetch: this.options.fetch }, 'poster').catch((error: unknown) => {
        if (signal.aborted) throw error;
        return null;
      });
      const mime = still && posterMime(still);
      return { video, poster: still && mime ? { mime, data: still } : null, providerState: { upstreamId: id } };
    });
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.options.apiKey}` };
  }
}
