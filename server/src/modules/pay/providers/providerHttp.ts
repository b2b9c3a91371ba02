import { callOutbound, OutboundError, parseJsonObject as jsonObject, type OutboundFailure } from '../../../http/outbound.js';
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

function reasonOf(failure: OutboundFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return `${failure.timeoutMs} 毫秒内没有应答`;
    case 'network':
      return `网络错误（${failure.detail}）`;
    case 'status':
      return `HTTP ${failure.status}`;
    case 'badResponse':
      return `应答不对（${failure.detail}）`;
  }
}

/** One HTTP call to a payment provider, any status; a timeout or a network failure becomes a ProviderError. */
export async function requestProvider(request: ProviderRequest): Promise<ProviderResponse> {
  try {
    const answer = await callOutbound(request);
    return { status: answer.status, headers: answer.headers, text: answer.text() };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw new ProviderError(`${request.label}失败：${reasonOf(error.failure)}`, { cause: error });
  }
}

/** Parses a provider's JSON object; anything else is a ProviderError naming the call. */
export function parseJsonObject(text: string, label: string): Record<string, unknown> {
  const value = jsonObject(text);
  if (!value) throw new ProviderError(`${label}失败：应答不是 JSON 对象（${text.slice(0, 120)}）`);
  return value;
}
