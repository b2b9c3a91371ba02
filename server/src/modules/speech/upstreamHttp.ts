import { callOutbound, requireOk, type OutboundAnswer, type OutboundFailure } from '../../http/outbound.js';

/** What the user is told when the speech service named `service` failed (`tooLarge`: its own wording for an oversized answer). */
export function upstreamFailureMessage(failure: OutboundFailure, service: string, tooLarge: string): string {
  switch (failure.kind) {
    case 'timeout':
      return `${service}响应超时，请稍后重试`;
    case 'network':
      return `无法连接${service}，请稍后重试`;
    case 'status':
      return `${service}出错（HTTP ${failure.status}），请稍后重试`;
    case 'badResponse':
      return tooLarge;
  }
}

export interface UpstreamPost {
  url: string;
  apiKey: string | undefined;
  body: string | FormData;
  /** The whole exchange, answer body included. */
  timeoutMs: number;
  /** The most answer bytes accepted. */
  maxBytes: number;
}

/**
 * POSTs to an OpenAI-compatible audio service with the key as a bearer token (none when no key is
 * configured) and reads the answer whole; a non-2xx answer, a timeout, a lost connection or an
 * oversized answer throws OutboundError (the key never in its message).
 */
export async function postToUpstream({ url, apiKey, body, timeoutMs, maxBytes }: UpstreamPost): Promise<OutboundAnswer & { contentType: string }> {
  const headers: Record<string, string> = typeof body === 'string' ? { 'content-type': 'application/json' } : {};
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const secrets = [apiKey];
  const answer = requireOk(await callOutbound({ url, method: 'POST', headers, body, timeoutMs, maxBytes, secrets }), { secrets });
  return { ...answer, contentType: answer.headers.get('content-type') ?? '' };
}
