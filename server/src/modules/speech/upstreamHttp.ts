/** Why a call to an OpenAI-compatible audio service did not give a usable answer. */
export type UpstreamFailure =
  | { kind: 'timeout' }
  | { kind: 'network'; detail: string }
  | { kind: 'status'; status: number; detail: string }
  | { kind: 'tooLarge'; maxBytes: number };

export class UpstreamError extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(describe(failure));
  }
}

/** For the log only: the user sees the caller's Chinese message, never an upstream's text. */
function describe(failure: UpstreamFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return 'no answer in time';
    case 'network':
      return `connection failed: ${failure.detail}`;
    case 'status':
      return `HTTP ${failure.status}: ${failure.detail}`;
    case 'tooLarge':
      return `answer larger than ${failure.maxBytes} bytes`;
  }
}

/** What the user is told when the speech service named `service` failed (`tooLarge`: its own wording). */
export function upstreamFailureMessage(failure: UpstreamFailure, service: string, tooLarge: string): string {
  switch (failure.kind) {
    case 'timeout':
      return `${service}响应超时，请稍后重试`;
    case 'network':
      return `无法连接${service}，请稍后重试`;
    case 'status':
      return `${service}出错（HTTP ${failure.status}），请稍后重试`;
    case 'tooLarge':
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

export interface UpstreamAnswer {
  contentType: string;
  body: Buffer;
}

/** How much of an error answer goes to the log. */
const ERROR_DETAIL_CHARS = 300;

/**
 * POSTs to the service with the key as a bearer token (none when no key is configured) and reads
 * the answer whole; a non-2xx answer, a timeout, a lost connection or an oversized answer throws
 * UpstreamError.
 */
export async function postToUpstream({ url, apiKey, body, timeoutMs, maxBytes }: UpstreamPost): Promise<UpstreamAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = typeof body === 'string' ? { 'content-type': 'application/json' } : {};
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal });
    const bytes = await readCapped(response, maxBytes);
    if (!response.ok) throw new UpstreamError({ kind: 'status', status: response.status, detail: errorDetail(bytes, apiKey) });
    return { contentType: response.headers.get('content-type') ?? '', body: bytes };
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (signal.aborted) throw new UpstreamError({ kind: 'timeout' });
    throw new UpstreamError({ kind: 'network', detail: networkDetail(error) });
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new UpstreamError({ kind: 'tooLarge', maxBytes });
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    // Leaving the loop by a throw cancels the stream.
    if (total > maxBytes) throw new UpstreamError({ kind: 'tooLarge', maxBytes });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The start of an error answer for the log, without the key should the service repeat it. */
function errorDetail(bytes: Buffer, apiKey: string | undefined): string {
  const text = bytes.toString('utf8', 0, Math.min(bytes.length, ERROR_DETAIL_CHARS * 4));
  return (apiKey ? text.replaceAll(apiKey, '[key]') : text).slice(0, ERROR_DETAIL_CHARS);
}

/** fetch hides the reason in `cause` (ECONNREFUSED, a DNS failure…). */
function networkDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as Error & { code?: string }).code ?? error.cause.message}` : '';
  return `${error.message}${cause}`;
}
