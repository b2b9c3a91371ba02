import type { ImageTaskKind } from '@qiming/contracts';
import { OutboundError, parseJsonObject } from '../../../http/outbound.js';
import { ImageProviderError, type ImageJob, type ImageProvider, type ProviderOutcome, type RunHooks } from './provider.js';
import { callJson, DEFAULT_TIMEOUTS, type HttpProviderOptions, imageOfBase64, MESSAGES, sleep, stripSlash, translatingFailures } from './upstream.js';

const LABEL = 'sd-webui';
const STEPS = 28;
const CFG_SCALE = 7;

/**
 * The key of an SD WebUI channel: `user:password` for its --api-auth (HTTP Basic), anything else
 * as a Bearer token (a gateway in front of it).
 */
export function sdAuthorization(apiKey: string): string {
  return apiKey.includes(':') ? `Basic ${Buffer.from(apiKey).toString('base64')}` : `Bearer ${apiKey}`;
}

/** The seed the WebUI used: `info` is a JSON text with `seed` (and `all_seeds`). */
function seedOf(info: unknown): number | null {
  const parsed = typeof info === 'string' ? parseJsonObject(info) : null;
  return typeof parsed?.seed === 'number' ? parsed.seed : null;
}

/**
 * AUTOMATIC1111's Stable Diffusion WebUI API: POST /sdapi/v1/txt2img or /img2img; while it draws,
 * GET /sdapi/v1/progress gives 0–1.
 */
export class SdWebuiProvider implements ImageProvider {
  readonly kind = 'sd-webui' as const;
  private readonly options: HttpProviderOptions & typeof DEFAULT_TIMEOUTS;
  private readonly base: string;

  constructor(options: HttpProviderOptions) {
    this.options = { ...DEFAULT_TIMEOUTS, ...options };
    this.base = stripSlash(options.baseUrl);
  }

  supports(kind: ImageTaskKind): boolean {
    return kind === 'txt2img' || kind === 'img2img';
  }

  run(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    return translatingFailures(hooks.signal, async () => {
      if (!this.supports(job.kind)) throw new ImageProviderError('该模型不支持此操作', false);
      const [reference] = job.references;
      if (job.kind === 'img2img' && !reference) throw new ImageProviderError('图生图需要至少一张参考图片', false);
      hooks.onProgress(1);
      const count = Math.max(1, Math.min(4, job.count));
      const body = {
        prompt: job.prompt,
        negative_prompt: job.negativePrompt,
        width: job.width,
        height: job.height,
        batch_size: count,
        n_iter: 1,
        seed: job.seed ?? -1,
        steps: STEPS,
        cfg_scale: CFG_SCALE,
        ...(job.upstreamModel !== job.model ? { override_settings: { sd_model_checkpoint: job.upstreamModel } } : {}),
        ...(reference ? { init_images: [reference.data.toString('base64')], denoising_strength: job.strength } : {}),
      };
      const stopPolling = new AbortController();
      const polling = this.pollProgress(hooks, stopPolling.signal);
      try {
        const answer = await callJson({
          url: `${this.base}/sdapi/v1/${job.kind}`,
          method: 'POST',
          headers: { authorization: sdAuthorization(this.options.apiKey), 'content-type': 'application/json' },
          body: JSON.stringify(body),
          timeoutMs: this.options.generateTimeoutMs,
          signal: hooks.signal,
          label: LABEL,
          secrets: [this.options.apiKey],
          fetch: this.options.fetch,
        });
        const images = answer.images;
        if (!Array.isArray(images)) throw new OutboundError({ kind: 'badResponse', detail: 'no images array' }, { label: LABEL });
        if (images.length === 0) throw new ImageProviderError(MESSAGES.noImage, true);
        // Extensions (ControlNet…) may append their own images after the batch.
        const pictures = images.slice(0, count).map((image) => imageOfBase64(String(image), LABEL));
        hooks.onProgress(100);
        return { images: pictures, seed: seedOf(answer.info) ?? job.seed };
      } finally {
        stopPolling.abort();
        await polling;
      }
    });
  }

  /** Reports /sdapi/v1/progress until stopped; a failed poll is skipped (the generation itself decides). */
  private async pollProgress(hooks: RunHooks, stop: AbortSignal): Promise<void> {
    const signal = AbortSignal.any([stop, hooks.signal]);
    let last = 1;
    while (!signal.aborted) {
      try {
        await sleep(this.options.pollMs, signal);
        const answer = await callJson({
          url: `${this.base}/sdapi/v1/progress?skip_current_image=true`,
          headers: { authorization: sdAuthorization(this.options.apiKey) },
          timeoutMs: this.options.requestTimeoutMs,
          signal,
          label: `${LABEL} progress`,
          fetch: this.options.fetch,
        });
        const percent = typeof answer.progress === 'number' ? Math.round(Math.min(0.99, Math.max(0, answer.progress)) * 100) : 0;
        if (percent > last && !stop.aborted) hooks.onProgress((last = percent));
      } catch {
        // Stopped, or one poll failed: the loop condition decides.
      }
    }
  }
}
