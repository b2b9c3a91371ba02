import { ChunkReader } from './chunkReader';
import { ABORTED, openSse, plainRequest, type AttemptResult, type ExchangeRequest } from './connection';
import type { ResumeOptions, StreamHandlers, StreamOptions, StreamOutcome, StreamRequestBody, StreamTransport } from './types';

const STREAM_PATH = 'backend-api/getStream';
/** After done the server closes at once; a body still open this much later is cut (StreamOptions.doneGraceMs). */
const DONE_GRACE_MS = 1000;
const RESUME_PATH = 'backend-api/resumeStream';

/**
 * Streams one chat generation: POST backend-api/getStream as server-sent events. Resolves with the
 * outcome (never rejects for stream, transport or abort problems; only if `transport.headers()` does).
 */
export function streamChat(
  transport: StreamTransport,
  body: StreamRequestBody,
  handlers: StreamHandlers = {},
  options: StreamOptions = {},
): Promise<StreamOutcome> {
  return run(transport, handlers, options, {
    method: 'POST',
    path: STREAM_PATH,
    body: JSON.stringify({ ...body, stream: true }),
    plainBody: JSON.stringify({ ...body, stream: false }),
  });
}

/**
 * Re-attaches to a generation that is still running (after checkChatId said so, or after a
 * dropped connection): GET backend-api/resumeStream, from the chunk after `options.after`.
 */
export function resumeStream(
  transport: StreamTransport,
  convId: string,
  handlers: StreamHandlers = {},
  options: ResumeOptions = {},
): Promise<StreamOutcome> {
  const after = options.after ? `&after=${options.after}` : '';
  return run(transport, handlers, options, {
    method: 'GET',
    path: `${RESUME_PATH}?convId=${encodeURIComponent(convId)}${after}`,
  });
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Body of the plain-request fallback; no fallback without it. */
  plainBody?: string;
}

async function run(
  transport: StreamTransport,
  handlers: StreamHandlers,
  options: StreamOptions,
  call: Call,
): Promise<StreamOutcome> {
  const { signal, heartbeatMs = 600_000, retries = 3, retryDelayMs = (attempt) => 500 * attempt, doneGraceMs = DONE_GRACE_MS } = options;
  const reader = new ChunkReader(handlers);
  const exchange = async (body: string | undefined): Promise<ExchangeRequest> => ({
    url: transport.url(call.path),
    method: call.method,
    headers: withJsonType(await transport.headers(), body !== undefined),
    body,
    fetch: transport.fetch ?? ((input, init) => fetch(input, init)),
    signal,
    heartbeatMs,
    doneGraceMs,
  });

  let attempts = 0;
  let result: AttemptResult;
  for (;;) {
    attempts += 1;
    result = await openSse(await exchange(call.body), reader);
    // Once the server has sent anything the generation exists: a new request would start another.
    if (result.status !== 'failed' || reader.started || attempts > retries) break;
    if (!(await sleep(retryDelayMs(attempts), signal))) {
      result = ABORTED;
      break;
    }
  }
  let mode: StreamOutcome['mode'] = 'stream';
  if (result.status === 'failed' && !reader.started && call.plainBody !== undefined) {
    attempts += 1;
    mode = 'plain';
    result = await plainRequest(await exchange(call.plainBody), reader);
  }

  const base = { ids: { ...reader.ids }, lastSeq: reader.lastSeq, ...(reader.title !== undefined && { title: reader.title }), attempts, mode };
  if (result.status === 'failed') return { ...base, status: 'error', code: -1, message: result.message, partial: reader.started };
  if (result.status === 'error') return { ...base, ...result, partial: reader.started };
  return { ...base, ...result };
}

// Headers are a plain record: a second spelling of content-type would be sent as "a, b".
function withJsonType(headers: Record<string, string>, hasBody: boolean): Record<string, string> {
  const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  return hasBody && !hasType ? { ...headers, 'content-type': 'application/json' } : headers;
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
