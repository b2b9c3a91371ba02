import { UpstreamError } from './types.js';

/** What the user reads when the upstream refuses the input itself (too long, unsupported content). */
export const INPUT_REJECTED_MESSAGE = '输入内容超出模型的处理能力或格式不被支持，请精简内容后重试';

const INPUT_REJECTED_STATUSES = new Set([400, 413, 422]);

/**
 * 408, 409, 429 and 5xx (529 "overloaded" included) are the upstream's trouble, so another channel
 * may answer; every other 4xx is caused by the input or by the channel's configuration (key,
 * model name), which another attempt would not fix.
 */
export function statusAllowsFailover(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500 || status < 400;
}

/** The message of an upstream error body: `{error: {message}}` (OpenAI, Anthropic), `{error: "…"}`, `{message}`, `{detail}`, else the text. */
export function upstreamErrorText(body: unknown): string {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return body.trim().slice(0, 300) || '(empty body)';
    }
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const error = record.error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object') {
      const nested = error as Record<string, unknown>;
      const message = typeof nested.message === 'string' ? nested.message : JSON.stringify(error);
      return typeof nested.type === 'string' ? `${nested.type}: ${message}` : message;
    }
    if (typeof record.message === 'string') return record.message;
    if (typeof record.detail === 'string') return record.detail;
  }
  return JSON.stringify(value).slice(0, 300);
}

/** A non-2xx answer before the stream started. */
export function httpStatusError(status: number, bodyText: string): UpstreamError {
  return new UpstreamError(`upstream answered HTTP ${status}: ${upstreamErrorText(bodyText)}`, {
    status,
    failover: statusAllowsFailover(status),
    ...(INPUT_REJECTED_STATUSES.has(status) ? { userMessage: INPUT_REJECTED_MESSAGE } : {}),
  });
}

/** An error the upstream reported inside a stream that had started with HTTP 200. */
export function inStreamError(error: unknown, options: { failover: boolean; userMessage?: string } = { failover: true }): UpstreamError {
  return new UpstreamError(`upstream error in stream: ${upstreamErrorText({ error })}`, options);
}

export function malformedChunk(data: string): UpstreamError {
  return new UpstreamError(`malformed chunk: ${data.slice(0, 200)}`, { failover: true });
}

/** A JSON text that must be an object (every chunk of both wire formats is one). */
export function parseChunk(data: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw malformedChunk(data);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw malformedChunk(data);
  return value as Record<string, unknown>;
}
