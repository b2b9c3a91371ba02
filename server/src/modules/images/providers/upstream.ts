import { callOutbound, jsonObjectOf, OutboundError, requireOk, type OutboundAnswer, type OutboundRequest } from '../../../http/outbound.js';
import { ImageProviderError, type InputImage } from './provider.js';

/** What every networked provider is built from (a channel of IMAGE_CHANNELS). */
export interface HttpProviderOptions {
  baseUrl: string;
  apiKey: string;
  /** A generation request (OpenAI, SD WebUI: the whole picture in one answer). */
  generateTimeoutMs?: number;
  /** Submitting a task, polling it, downloading an image. */
  requestTimeoutMs?: number;
  pollMs?: number;
  /** A midjourney-proxy task that has not finished by then fails (retryable). */
  maxWaitMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUTS = { generateTimeoutMs: 300_000, requestTimeoutMs: 30_000, pollMs: 2_000, maxWaitMs: 15 * 60_000 };
/** Four 2048² PNGs in base64 stay under this. */
export const MAX_ANSWER_BYTES = 80 * 1024 * 1024;

export const MESSAGES = {
  refusedContent: '提示词或图片未通过内容审核，请修改后再试',
  refusedRequest: '绘图服务拒绝了这个请求，请调整提示词或图片后再试',
  busy: '绘图服务繁忙，请稍后再试',
  unavailable: '绘图服务暂时不可用，请稍后再试',
  timeout: '绘图服务响应超时，请稍后再试',
  unreachable: '无法连接绘图服务，请稍后再试',
  badAnswer: '绘图服务返回了无法识别的结果，请稍后再试',
  noImage: '绘图服务没有返回图片，请稍后再试',
} as const;

/** Words of a refusal on content (OpenAI's content_policy_violation, moderation, safety system, 敏感/违规). */
const CONTENT_REFUSAL = /content[_ ]policy|moderation|safety|nsfw|banned|sensitive|违规|敏感|审核|违禁/i;

export const refusedContent = () => new ImageProviderError(MESSAGES.refusedContent, false);

/** An upstream's HTTP status as the user's message; the answer's text tells a content refusal from other 4xx. */
export function statusFailure(status: number, detail: string): ImageProviderError {
  if (status === 401 || status === 403) return new ImageProviderError(MESSAGES.unavailable, true);
  if (status === 408 || status === 429) return new ImageProviderError(MESSAGES.busy, true);
  if (status >= 500) return new ImageProviderError(MESSAGES.unavailable, true);
  if (CONTENT_REFUSAL.test(detail)) return refusedContent();
  return new ImageProviderError(MESSAGES.refusedRequest, false);
}

/**
 * Any failure of a call as what run() rejects with: the caller's abort as is (signal.reason), an
 * ImageProviderError as is, an outbound failure in the user's words.
 */
export function asProviderFailure(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (error instanceof ImageProviderError) return error;
  if (error instanceof OutboundError) {
    const { failure } = error;
    if (failure.kind === 'timeout') return new ImageProviderError(MESSAGES.timeout, true);
    if (failure.kind === 'network') return new ImageProviderError(MESSAGES.unreachable, true);
    if (failure.kind === 'status') return statusFailure(failure.status, failure.detail);
    return new ImageProviderError(MESSAGES.badAnswer, true);
  }
  return error;
}

/** Runs `work`, its failures translated by asProviderFailure. */
export async function translatingFailures<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asProviderFailure(error, signal);
  }
}

export async function callJson(request: OutboundRequest): Promise<Record<string, unknown>> {
  const answer: OutboundAnswer = requireOk(await callOutbound({ maxBytes: MAX_ANSWER_BYTES, ...request }), request);
  return jsonObjectOf(answer, request.label);
}

/** The image type by its first bytes (an upstream's Content-Type is not always right). */
export function sniffImageMime(data: Buffer): string | null {
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 6 && data.toString('latin1', 0, 3) === 'GIF') return 'image/gif';
  return null;
}

/** base64 (with or without a data: prefix) as an image; a badResponse failure when it is none. */
export function imageOfBase64(text: string, label: string): InputImage {
  const data = Buffer.from(text.replace(/^data:[^,]*,/, ''), 'base64');
  const mime = sniffImageMime(data);
  if (!mime) throw new OutboundError({ kind: 'badResponse', detail: 'base64 that is not an image' }, { label });
  return { mime, data };
}

export async function downloadImage(url: string, options: { signal: AbortSignal; timeoutMs: number; headers?: Record<string, string>; fetch?: typeof fetch; label: string }): Promise<InputImage> {
  const answer = requireOk(await callOutbound({ url, timeoutMs: options.timeoutMs, signal: options.signal, headers: options.headers, fetch: options.fetch, maxBytes: MAX_ANSWER_BYTES, label: options.label }), { label: options.label });
  const mime = sniffImageMime(answer.body);
  if (!mime) throw new OutboundError({ kind: 'badResponse', detail: `${url} is not an image` }, { label: options.label });
  return { mime, data: answer.body };
}

export const dataUri = (image: InputImage) => `data:${image.mime};base64,${image.data.toString('base64')}`;

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export const stripSlash = (url: string) => url.replace(/\/+$/, '');
