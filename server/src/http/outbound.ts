/**
 * Calls from this server to other services — model and speech upstreams, pay providers, SMS,
 * WeChat, OAuth providers: one time limit (an AbortSignal) and one classification of what went
 * wrong. The messages are for the log; each caller words what its user is told.
 */
export type OutboundFailure =
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'network'; detail: string }
  | { kind: 'status'; status: number; detail: string }
  | { kind: 'badResponse'; detail: string; tooLarge?: boolean };

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    options?: ErrorOptions & { label?: string },
  ) {
    super(options?.label ? `${options.label}: ${describe(failure)}` : describe(failure), options);
    this.name = 'OutboundError';
  }
}

function describe(failure: OutboundFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return `no answer within ${failure.timeoutMs} ms`;
    case 'network':
      return `connection failed: ${failure.detail}`;
    case 'status':
      return `HTTP ${failure.status}: ${failure.detail}`;
    case 'badResponse':
      return `bad answer: ${failure.detail}`;
  }
}

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | FormData | URLSearchParams;
  /** callOutbound: the whole exchange, answer included. openOutbound: until the response headers. */
  timeoutMs: number;
  /** The caller's own abort (a user's stop): rethrown as is, never classified. */
  signal?: AbortSignal;
  /** Names the call at the start of error messages, e.g. `token endpoint`. */
  label?: string;
  /** Secrets the other side may repeat in an error answer (an API key): shown as [key] in error details. */
  secrets?: readonly (string | undefined)[];
  /** For tests or a proxy-aware client; the global fetch by default. */
  fetch?: typeof fetch;
}

/** How much of an error answer goes into an error message. */
const DETAIL_CHARS = 300;

/** fetch's "fetch failed" hides the reason (ECONNREFUSED, ENOTFOUND…) in its causes. */
export function networkDetail(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error && parts.length < 4; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${e.message} (${code})` : e.message);
  }
  return parts.join(': ') || String(error);
}

/** The start of an answer's text for an error message, without the request's secrets. */
export function answerDetail(text: string, secrets: OutboundRequest['secrets'] = []): string {
  let shown = text.slice(0, DETAIL_CHARS * 4);
  for (const secret of secrets) if (secret) shown = shown.replaceAll(secret, '[key]');
  return shown.slice(0, DETAIL_CHARS);
}

/** A signal that aborts on the caller's abort, and after `timeoutMs` until `stopTimer`. */
function limitedSignal(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forward();
  else callerSignal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    stopTimer: () => clearTimeout(timer),
    detach: () => callerSignal?.removeEventListener('abort', forward),
  };
}

function classify(error: unknown, request: OutboundRequest, timedOut: boolean): unknown {
  if (error instanceof OutboundError || request.signal?.aborted) return error;
  const options = { cause: error, label: request.label };
  if (timedOut) return new OutboundError({ kind: 'timeout', timeoutMs: request.timeoutMs }, options);
  return new OutboundError({ kind: 'network', detail: networkDetail(error) }, options);
}

function send(request: OutboundRequest, signal: AbortSignal): Promise<Response> {
  return (request.fetch ?? fetch)(request.url, { method: request.method ?? 'GET', headers: request.headers, body: request.body, signal });
}

/**
 * Sends the request and resolves the response as soon as its headers arrive, whatever its status;
 * the body is the caller's to read (a stream). `timeoutMs` covers only the wait for the headers;
 * an abort through `request.signal` still ends the body.
 */
export async function openOutbound(request: OutboundRequest): Promise<Response> {
  const limit = limitedSignal(request.timeoutMs, request.signal);
  try {
    return await send(request, limit.signal);
  } catch (error) {
    limit.detach();
    throw classify(error, request, limit.timedOut());
  } finally {
    limit.stopTimer();
  }
}

export interface OutboundAnswer {
  status: number;
  /** The status is 2xx. */
  ok: boolean;
  headers: Headers;
  body: Buffer;
  /** The body as UTF-8 text (the characters a provider's signature covers). */
  text(): string;
}

/**
 * The whole exchange within `timeoutMs`: sends the request and reads the answer, whatever its
 * status. A timeout, a lost connection, or an answer over `maxBytes` throws OutboundError.
 */
export async function callOutbound(request: OutboundRequest & { maxBytes?: number }): Promise<OutboundAnswer> {
  const limit = limitedSignal(request.timeoutMs, request.signal);
  try {
    const response = await send(request, limit.signal);
    const body = await readCapped(response, request.maxBytes ?? Number.POSITIVE_INFINITY, request.label);
    return { status: response.status, ok: response.ok, headers: response.headers, body, text: () => body.toString('utf8') };
  } catch (error) {
    throw classify(error, request, limit.timedOut());
  } finally {
    limit.stopTimer();
    limit.detach();
  }
}

/** The answer when its status is 2xx; else OutboundError `status` with the start of the body (secrets removed). */
export function requireOk(answer: OutboundAnswer, request: Pick<OutboundRequest, 'label' | 'secrets'> = {}): OutboundAnswer {
  if (answer.ok) return answer;
  throw new OutboundError({ kind: 'status', status: answer.status, detail: answerDetail(answer.text(), request.secrets) }, { label: request.label });
}

/** A JSON object, or null for anything else (not JSON, an array, a string…). */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The answer's JSON object; OutboundError `badResponse` when it is none. */
export function jsonObjectOf(answer: OutboundAnswer, label?: string): Record<string, unknown> {
  const text = answer.text();
  const value = parseJsonObject(text);
  if (!value) throw new OutboundError({ kind: 'badResponse', detail: `not a JSON object: ${answerDetail(text).slice(0, 120)}` }, { label });
  return value;
}

async function readCapped(response: Response, maxBytes: number, label: string | undefined): Promise<Buffer> {
  const tooLarge = () => new OutboundError({ kind: 'badResponse', detail: `answer larger than ${maxBytes} bytes`, tooLarge: true }, { label });
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    // Leaving the loop by a throw cancels the stream.
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
