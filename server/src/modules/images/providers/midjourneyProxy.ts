import { ASPECT_RATIOS, type ImageAction, type ImageTaskKind } from '@qiming/contracts';
import { OutboundError } from '../../../http/outbound.js';
import { ImageProviderError, type ImageJob, type ImageProvider, type ProviderOutcome, type RunHooks } from './provider.js';
import { callJson, dataUri, DEFAULT_TIMEOUTS, downloadImage, type HttpProviderOptions, MESSAGES, refusedContent, sleep, stripSlash, translatingFailures } from './upstream.js';

const LABEL = 'midjourney-proxy';

export interface MjButton {
  customId: string;
  label: string;
  emoji: string;
}

/** Kept with a task: what its buttons are, for the next action. */
export interface MjState {
  mjTaskId: string;
  buttons: MjButton[];
}

/** midjourney-proxy's answer codes to a submit (ReturnCode). */
const CODE = { submitted: 1, validation: 4, existed: 21, queued: 22, queueFull: 23, bannedPrompt: 24 } as const;

/** The ratio of ASPECT_RATIOS nearest to width:height, as `--ar` wants it. */
export function aspectOf(width: number, height: number): string {
  const ratio = width / height;
  return ASPECT_RATIOS.reduce((best, aspect) => {
    const [w, h] = aspect.split(':').map(Number) as [number, number];
    const [bw, bh] = best.split(':').map(Number) as [number, number];
    return Math.abs(Math.log(w / h / ratio)) < Math.abs(Math.log(bw / bh / ratio)) ? aspect : best;
  });
}

/** The prompt with Midjourney's parameters: --ar, --no for the negative prompt, --seed. */
export function mjPrompt(job: ImageJob): string {
  const parts = [job.prompt.trim()];
  const aspect = aspectOf(job.width, job.height);
  if (aspect !== '1:1') parts.push(`--ar ${aspect}`);
  if (job.negativePrompt.trim()) parts.push(`--no ${job.negativePrompt.trim()}`);
  if (job.seed !== null) parts.push(`--seed ${job.seed}`);
  return parts.join(' ');
}

/** The button of an action: by its label (U1, V1) or, for reroll, 🔄; else by the customId's pattern. */
export function buttonFor(action: ImageAction, buttons: readonly MjButton[]): MjButton | undefined {
  if (action === 'reroll') return buttons.find((b) => b.emoji === '🔄' || /::reroll::/i.test(b.customId));
  const index = action.slice(1);
  const kind = action.startsWith('U') ? 'upsample' : 'variation';
  return buttons.find((b) => b.label === action) ?? buttons.find((b) => new RegExp(`::${kind}::${index}::`, 'i').test(b.customId));
}

/** Describe's answer: four prompts numbered 1️⃣–4️⃣ (or 1. –4.), separated by blank lines. */
export function promptsOfDescribe(text: string): string[] {
  return text
    .split(/\n\s*\n|(?=\s*[1-4]\ufe0f?\u20e3)/)
    .map((part) => part.replace(/^\s*(?:[1-4]\ufe0f?\u20e3|[1-4][.、)])\s*/, '').trim())
    .filter((part) => part.length > 0)
    .slice(0, 4);
}

function stateOf(value: unknown): MjState | null {
  const state = value as Partial<MjState> | null | undefined;
  return typeof state?.mjTaskId === 'string' && Array.isArray(state.buttons) ? (state as MjState) : null;
}

function buttonsOf(value: unknown): MjButton[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((b): b is Record<string, unknown> => typeof b === 'object' && b !== null && typeof (b as { customId?: unknown }).customId === 'string')
    .map((b) => ({ customId: String(b.customId), label: typeof b.label === 'string' ? b.label : '', emoji: typeof b.emoji === 'string' ? b.emoji : '' }));
}

/**
 * novicezk/midjourney-proxy: submit (imagine, action, blend, describe, insight-face swap), then poll
 * GET /mj/task/{id}/fetch until SUCCESS or FAILURE, and download the image.
 */
export class MidjourneyProxyProvider implements ImageProvider {
  readonly kind = 'midjourney-proxy' as const;
  private readonly options: HttpProviderOptions & typeof DEFAULT_TIMEOUTS;
  private readonly base: string;

  constructor(options: HttpProviderOptions) {
    this.options = { ...DEFAULT_TIMEOUTS, ...options };
    this.base = stripSlash(options.baseUrl);
  }

  supports(kind: ImageTaskKind): boolean {
    return kind === 'imagine' || kind === 'action' || kind === 'blend' || kind === 'describe' || kind === 'swapFace';
  }

  run(job: ImageJob, hooks: RunHooks): Promise<ProviderOutcome> {
    return translatingFailures(hooks.signal, async () => {
      const { path, body } = this.submission(job);
      hooks.onProgress(1);
      const taskId = await this.submit(path, body, hooks.signal);
      const task = await this.waitFor(taskId, hooks);
      const buttons = buttonsOf(task.buttons);
      const providerState: MjState = { mjTaskId: taskId, buttons };
      if (job.kind === 'describe') {
        const text = [task.prompt, (task.properties as Record<string, unknown> | undefined)?.finalPrompt].find((t): t is string => typeof t === 'string' && t.trim() !== '');
        const descriptions = text ? promptsOfDescribe(text) : [];
        if (descriptions.length === 0) throw new ImageProviderError(MESSAGES.badAnswer, true);
        hooks.onProgress(100);
        return { images: [], descriptions, providerState, seed: null };
      }
      if (typeof task.imageUrl !== 'string' || task.imageUrl === '') throw new ImageProviderError(MESSAGES.noImage, true);
      const image = await downloadImage(task.imageUrl, {
        signal: hooks.signal,
        timeoutMs: this.options.requestTimeoutMs,
        // The proxy's own file route wants its secret; a CDN's URL gets no header.
        headers: task.imageUrl.startsWith(this.base) ? { 'mj-api-secret': this.options.apiKey } : undefined,
        fetch: this.options.fetch,
        label: `${LABEL} download`,
      });
      hooks.onProgress(100);
      const upscale = job.kind === 'swapFace' || (job.kind === 'action' && job.action?.name.startsWith('U'));
      return { images: [image], grid: !upscale, providerState, seed: job.seed };
    });
  }

  private submission(job: ImageJob): { path: string; body: Record<string, unknown> } {
    const refuse = (message: string) => new ImageProviderError(message, false);
    switch (job.kind) {
      case 'imagine':
        return { path: 'submit/imagine', body: { prompt: mjPrompt(job), ...(job.references.length > 0 ? { base64Array: job.references.map(dataUri) } : {}) } };
      case 'action': {
        if (!job.action) throw refuse('缺少要执行的操作');
        const state = stateOf(job.action.parent.providerState);
        const button = state && buttonFor(job.action.name, state.buttons);
        if (!state || !button) throw refuse('这张图片不支持该操作');
        return { path: 'submit/action', body: { taskId: state.mjTaskId, customId: button.customId } };
      }
      case 'blend': {
        if (job.references.length < 2) throw refuse('混图需要至少两张图片');
        const aspect = aspectOf(job.width, job.height);
        const [w, h] = aspect.split(':').map(Number) as [number, number];
        return { path: 'submit/blend', body: { base64Array: job.references.map(dataUri), dimensions: w > h ? 'LANDSCAPE' : w < h ? 'PORTRAIT' : 'SQUARE' } };
      }
      case 'describe': {
        const [image] = job.references;
        if (!image) throw refuse('请先上传要描述的图片');
        return { path: 'submit/describe', body: { base64: dataUri(image) } };
      }
      case 'swapFace': {
        const [source, target] = job.references;
        if (!source || !target) throw refuse('换脸需要一张人脸图片和一张目标图片');
        return { path: 'insight-face/swap', body: { sourceBase64: dataUri(source), targetBase64: dataUri(target) } };
      }
      default:
        throw refuse('该模型不支持此操作');
    }
  }

  private headers(json: boolean): Record<string, string> {
    return { 'mj-api-secret': this.options.apiKey, ...(json ? { 'content-type': 'application/json' } : {}) };
  }

  private async submit(path: string, body: Record<string, unknown>, signal: AbortSignal): Promise<string> {
    const answer = await callJson({
      url: `${this.base}/mj/${path}`,
      method: 'POST',
      headers: this.headers(true),
      body: JSON.stringify(body),
      timeoutMs: this.options.requestTimeoutMs,
      signal,
      label: LABEL,
      secrets: [this.options.apiKey],
      fetch: this.options.fetch,
    });
    const code = Number(answer.code);
    const taskId = answer.result === undefined || answer.result === null ? '' : String(answer.result);
    if ((code === CODE.submitted || code === CODE.queued || code === CODE.existed) && taskId) return taskId;
    const description = typeof answer.description === 'string' ? answer.description : '';
    if (code === CODE.bannedPrompt) throw refusedContent();
    if (code === CODE.validation) throw new ImageProviderError(MESSAGES.refusedRequest, false);
    if (code === CODE.queueFull) throw new ImageProviderError(MESSAGES.busy, true);
    throw new OutboundError({ kind: 'badResponse', detail: `code ${code}: ${description.slice(0, 200)}` }, { label: LABEL });
  }

  private async waitFor(taskId: string, hooks: RunHooks): Promise<Record<string, unknown>> {
    const deadline = Date.now() + this.options.maxWaitMs;
    let last = 1;
    for (;;) {
      await sleep(this.options.pollMs, hooks.signal);
      const task = await callJson({
        url: `${this.base}/mj/task/${encodeURIComponent(taskId)}/fetch`,
        headers: this.headers(false),
        timeoutMs: this.options.requestTimeoutMs,
        signal: hooks.signal,
        label: LABEL,
        secrets: [this.options.apiKey],
        fetch: this.options.fetch,
      });
      if (task.status === 'SUCCESS') return task;
      if (task.status === 'FAILURE') {
        const reason = typeof task.failReason === 'string' ? task.failReason : '';
        if (/banned|审核|违规|敏感|invalid.*prompt|not allowed/i.test(reason)) throw refusedContent();
        throw new ImageProviderError('绘图服务未能完成这张图片，请稍后再试', true);
      }
      const percent = Number.parseInt(String(task.progress ?? ''), 10);
      if (Number.isFinite(percent) && percent > last && percent < 100) hooks.onProgress((last = percent));
      if (Date.now() > deadline) throw new ImageProviderError(MESSAGES.timeout, true);
    }
  }
}
