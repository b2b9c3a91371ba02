import type { ImageTaskKind } from '@qiming/contracts';
import { OutboundError } from '../../../http/outbound.js';
import { ImageProviderError, type ImageJob, type ImageProvider, type InputImage, type ProviderOutcome, type RunHooks } from './provider.js';
import { callJson, DEFAULT_TIMEOUTS, downloadImage, type HttpProviderOptions, imageOfBase64, MESSAGES, stripSlash, translatingFailures } from './upstream.js';

const LABEL = 'openai images';

/**
 * The sizes OpenAI's own models accept; other models behind an OpenAI-compatible gateway get the
 * job's exact size.
 */
export function openAiSize(upstreamModel: string, width: number, height: number): string {
  const ratio = width / height;
  const shape = ratio > 1.15 ? 'landscape' : ratio < 1 / 1.15 ? 'portrait' : 'square';
  if (/dall-e-3/i.test(upstreamModel)) return { landscape: '1792x1024', portrait: '1024x1792', square: '1024x1024' }[shape];
  if (/gpt-image|dall-e-2/i.test(upstreamModel)) return { landscape: '1536x1024', portrait: '1024x1536', square: '1024x1024' }[shape];
  return `${width}x${height}`;
}

/** dall-e-3 makes one image per request; the rest take n. */
const imagesPerRequest = (upstreamModel: string) => (/dall-e-3/i.test(upstreamModel) ? 1 : 4);

/**
 * An OpenAI-compatible Images API: POST /v1/images/generations (txt2img) and /v1/images/edits
 * (img2img, multipart). Answers with b64_json, or with url (downloaded here).
 */
export class OpenAiImagesProvider implements ImageProvider {
  readonly kind = 'openai-images' as const;
  private readonly apiRoot: string;
  private readonly options: HttpProviderOptions & typeof DEFAULT_TIMEOUTS;

  constructor(options: HttpProviderOptions) {
    this.options = { ...DEFAULT_TIMEOUTS, ...options };
    // A base URL given with /v1 (as CHAT_CHANNELS writes it) or without.
    const base = stripSlash(options.baseUrl);
    this.apiRoot = /\/v1$/.test(base) ? base : `${base}/v1`;
  }

  supports(kind: ImageTaskKind): boolean {
    return kind === 'txt2img' || kind === 'img2img';
  }

  run(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    return translatingFailures(hooks.signal, async () => {
      if (!this.supports(job.kind)) throw new ImageProviderError('该模型不支持此操作', false);
      if (job.kind === 'img2img' && job.references.length === 0) throw new ImageProviderError('图生图需要至少一张参考图片', false);
      hooks.onProgress(5);
      const wanted = Math.max(1, Math.min(4, job.count));
      const images: InputImage[] = [];
      while (images.length < wanted) {
        const n = Math.min(imagesPerRequest(job.upstreamModel), wanted - images.length);
        images.push(...(await this.request(job, n, hooks.signal)));
        hooks.onProgress(Math.round((images.length / wanted) * 95));
      }
      hooks.onProgress(100);
      return { images: images.slice(0, wanted), seed: null };
    });
  }

  private async request(job: ImageJob, n: number, signal: AbortSignal): Promise<InputImage[]> {
    const size = openAiSize(job.upstreamModel, job.width, job.height);
    const common = { timeoutMs: this.options.generateTimeoutMs, signal, label: LABEL, secrets: [this.options.apiKey], fetch: this.options.fetch, method: 'POST' as const };
    const auth = { authorization: `Bearer ${this.options.apiKey}` };
    const answer =
      job.kind === 'img2img'
        ? await callJson({ ...common, url: `${this.apiRoot}/images/edits`, headers: auth, body: this.editForm(job, n, size) })
        : await callJson({
            ...common,
            url: `${this.apiRoot}/images/generations`,
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ model: job.upstreamModel, prompt: job.prompt, n, size, response_format: 'b64_json' }),
          });
    return this.imagesOf(answer, signal);
  }

  private editForm(job: ImageJob, n: number, size: string): FormData {
    const form = new FormData();
    form.set('model', job.upstreamModel);
    form.set('prompt', job.prompt);
    form.set('n', String(n));
    form.set('size', size);
    form.set('response_format', 'b64_json');
    job.references.forEach((reference, index) => {
      const extension = reference.mime.split('/')[1] ?? 'png';
      form.append('image[]', new Blob([reference.data], { type: reference.mime }), `image-${index + 1}.${extension}`);
    });
    return form;
  }

  private async imagesOf(answer: Record<string, unknown>, signal: AbortSignal): Promise<InputImage[]> {
    const data = answer.data;
    if (!Array.isArray(data)) throw new OutboundError({ kind: 'badResponse', detail: 'no data array' }, { label: LABEL });
    if (data.length === 0) throw new ImageProviderError(MESSAGES.noImage, true);
    const images: InputImage[] = [];
    for (const item of data as Record<string, unknown>[]) {
      if (typeof item?.b64_json === 'string') images.push(imageOfBase64(item.b64_json, LABEL));
      else if (typeof item?.url === 'string') images.push(await downloadImage(item.url, { signal, timeoutMs: this.options.requestTimeoutMs, fetch: this.options.fetch, label: `${LABEL} download` }));
      else throw new OutboundError({ kind: 'badResponse', detail: 'an item without b64_json or url' }, { label: LABEL });
    }
    return images;
  }
}
