import { ProviderError } from './provider.js';

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** The body as received (UTF-8): signatures cover these exact characters. */
  text: string;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Names the call in error messages, e.g. 微信支付下单. */
  label: string;
}

/** One HTTP call to a payment provider; a timeout or a network failure becomes a ProviderError. */
export async function requestProvider(request: ProviderRequest): Promise<ProviderResponse> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut ? `${request.timeoutMs} 毫秒内没有应答` : `网络错误（${error instanceof Error ? error.message : String(error)}）`;
    throw new ProviderError(`${request.label}失败：${reason}`, { cause: error });
  }
}

/** Parses a provider's JSON object; anything else is a ProviderError naming the call. */
export function parseJsonObject(text: string, label: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProviderError(`${label}失败：应答不是 JSON（${text.slice(0, 120)}）`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ProviderError(`${label}失败：应答不是 JSON 对象`);
  return value as Record<string, unknown>;
}
