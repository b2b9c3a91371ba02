import { callOutbound, jsonObjectOf, OutboundError, requireOk, type OutboundRequest } from '../../../http/outbound.js';
import { VideoProviderError } from './provider.js';

/** What every networked provider is built from (a channel of VIDEO_CHANNELS). */
export interface HttpVideoOptions {
  baseUrl: string;
  apiKey: string;
  /** Submitting a task, polling it. */
  requestTimeoutMs?: number;
  /** Downloading the finished clip. */
  downloadTimeoutMs?: number;
  pollMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_OPTIONS = { requestTimeoutMs: 30_000, downloadTimeoutMs: 300_000, pollMs: 5_000 };
/** A 20 s 1080p clip is well under this. */
export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
const MAX_JSON_BYTES = 2 * 1024 * 1024;
const MAX_POSTER_BYTES = 10 * 1024 * 1024;

export const MESSAGES = {
  refusedContent: '提示词或图片未通过内容审核，积分已退回，请修改后再试',
  refusedRequest: '视频服务拒绝了这个请求，积分已退回，请调整后再试',
  busy: '视频服务繁忙，积分已退回，请稍后再试',
  unavailable: '视频服务暂时不可用，积分已退回，请稍后再试',
  timeout: '视频服务响应超时，积分已退回，请稍后再试',
  unreachable: '无法连接视频服务，积分已退回，请稍后再试',
  badAnswer: '视频服务返回了无法识别的结果，积分已退回，请稍后再试',
  failed: '视频生成失败，积分已退回',
} as const;

const CONTENT_REFUSAL = /content[_ ]policy|moderation|safety|nsfw|banned|sensitive|violat|违规|敏感|审核|违禁/i;

/** An upstream's HTTP status, or its task's failure text, as the user's message. */
export function statusFailure(status: number, detail: string): VideoProviderError {
  if (status === 401 || status === 403) return new VideoProviderError(MESSAGES.unavailable, true);
  if (status === 408 || status === 429) return new VideoProviderError(MESSAGES.busy, true);
  if (status >= 500) return new VideoProviderError(MESSAGES.unavailable, true);
  if (CONTENT_REFUSAL.test(detail)) return new VideoProviderError(MESSAGES.refusedContent, false);
  return new VideoProviderError(MESSAGES.refusedRequest, false);
}

/** A task the upstream reports failed: a content refusal in its words, else the general failure. */
export const taskFailure = (detail: string) => new VideoProviderError(CONTENT_REFUSAL.test(detail) ? MESSAGES.refusedContent : MESSAGES.failed, false);

/** Runs `work`; its failures become what run() rejects with: the abort reason as is, outbound failures in the user's words. */
export async function translatingFailures<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof OutboundError) {
      const { failure } = error;
      if (failure.kind === 'timeout') throw new VideoProviderError(MESSAGES.timeout, true);
      if (failure.kind === 'network') throw new VideoProviderError(MESSAGES.unreachable, true);
      if (failure.kind === 'status') throw statusFailure(failure.status, failure.detail);
      throw new VideoProviderError(MESSAGES.badAnswer, true);
    }
    throw error;
  }
}

export async function callJson(request: OutboundRequest): Promise<Record<string, unknown>> {
  return jsonObjectOf(requireOk(await callOutbound({ maxBytes: MAX_JSON_BYTES, ...request }), request), request.label);
}

/** A file's bytes (the clip, or a poster), refused past `maxBytes`. */
export async function download(request: OutboundRequest, kind: 'video' | 'poster'): Promise<Buffer> {
  return requireOk(await callOutbound({ maxBytes: kind === 'video' ? MAX_VIDEO_BYTES : MAX_POSTER_BYTES, ...request }), request).body;
}

/** The image type of a poster by its first bytes; null when it is none we keep. */
export function posterMime(data: Buffer): string | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Progress as upstreams write it: 45, 0.45, "45%". */
export function percentOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.min(100, n <= 1 && typeof value === 'number' && !Number.isInteger(value) ? n * 100 : n);
}

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

/** A base URL given with /v1 or without. */
export const apiRootOf = (baseUrl: string) => {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(base) ? base : `${base}/v1`;
};

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
