import { createParser } from 'eventsource-parser';
import type { ApiEnvelope } from '@qiming/contracts';
import { PARSE_ERROR, type ChunkEnd, type ChunkReader } from './chunkReader';
import { STREAM_CODES } from './types';

/** How one HTTP exchange ended. 'failed' is a transport failure the caller may retry. */
export type AttemptResult =
  | { status: 'done'; endedWithoutDone: boolean }
  | { status: 'cancelled'; code: number; message: string }
  | { status: 'aborted'; code: 699 }
  | { status: 'error'; code: -2; message: string }
  | { status: 'failed'; message: string };

export interface ExchangeRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  fetch: typeof fetch;
  signal?: AbortSignal;
  heartbeatMs: number;
  /** How long the rest of the body is read after the event that ended the stream (see readToEnd). */
  doneGraceMs: number;
}

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

/** How an exchange ended, and what is left of its body: read to the end, still to be read, or (neither) to be aborted. */
interface Ending {
  result: AttemptResult;
  /** The server closed the body and all of it was read. */
  bodyRead?: boolean;
  /** The stream ended by an event while the server is closing the body: read the rest rather than abort. */
  unread?: BodyReader;
}

export const ABORTED = { status: 'aborted', code: STREAM_CODES.cancelled } as const;
const HEARTBEAT_TIMEOUT = { status: 'error', code: STREAM_CODES.heartbeat, message: 'heartbeat timeout' } as const;

/**
 * One SSE connection, read until done, a cancel code, silence, abort or a transport failure.
 * Framing is eventsource-parser's; the connection is ours: one fetch, never reopened here (signed
 * headers are single-use and a second POST would start a second generation — retries are the
 * caller's), and a hidden tab keeps reading. After the event that ends the stream the outcome is
 * given at once and the rest of the body is read to its end (the server closes it right after):
 * aborting there would cut a response that is ending anyway (ERR_ABORTED in the browser's log).
 */
export function openSse(request: ExchangeRequest, reader: ChunkReader): Promise<AttemptResult> {
  return new Promise((resolve) => {
    const connection = new AbortController();
    let heartbeat: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = ({ result, bodyRead, unread }: Ending) => {
      if (settled) return;
      settled = true;
      clearTimeout(heartbeat);
      request.signal?.removeEventListener('abort', onAbort);
      if (unread) void readToEnd(unread, request.doneGraceMs);
      else if (!bodyRead) connection.abort();
      resolve(result);
    };
    const onAbort = () => finish({ result: ABORTED });
    // A sign of life moves the deadline; the one timer, when it fires early, waits out the rest
    // (a timer re-armed for each of a hundred chunks a second costs more than reading them).
    let lastSign = 0;
    const watch = (delayMs: number) => {
      heartbeat = setTimeout(() => {
        const quietMs = Date.now() - lastSign;
        if (quietMs >= request.heartbeatMs) finish({ result: HEARTBEAT_TIMEOUT });
        else watch(request.heartbeatMs - quietMs);
      }, delayMs);
    };
    const beat = () => {
      lastSign = Date.now();
      if (heartbeat === undefined) watch(request.heartbeatMs);
    };

    if (request.signal?.aborted) return finish({ result: ABORTED });
    request.signal?.addEventListener('abort', onAbort);
    beat();

    const exchange = async (): Promise<Ending> => {
      const response = await request.fetch(request.url, {
        method: request.method,
        headers: withEventStreamAccept(request.headers),
        body: request.body,
        signal: connection.signal,
      });
      beat();
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('text/event-stream')) return { result: rejectResponse(response, await readEnvelope(response)) };

      let end: AttemptResult | undefined;
      const parser = createParser({
        onEvent(message) {
          // A read can hold several events: nothing after the one that ended the stream is read.
          if (settled || end) return;
          beat();
          const chunkEnd = reader.readMessage(message.event ?? '', message.data);
          if (chunkEnd) end = resultOf(chunkEnd);
        },
        // Keep-alive comments count as signs of life.
        onComment: beat,
      });
      if (response.body) {
        const bytes = response.body.getReader();
        // Streaming decode: a character's bytes may be split between two reads.
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await bytes.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
          if (end) return { result: end, unread: bytes };
        }
      }
      const result: AttemptResult = reader.hasContent ? { status: 'done', endedWithoutDone: true } : { status: 'failed', message: 'stream closed before any content' };
      return { result, bodyRead: true };
    };

    exchange().then(finish, (error: unknown) => finish({ result: { status: 'failed', message: describe(error) } }));
  });
}

function resultOf(end: ChunkEnd): AttemptResult {
  return end.status === 'done' ? { status: 'done', endedWithoutDone: false } : end;
}

/**
 * Reads what is left of a body the server is closing, so the response ends as the server ends it;
 * a body still open after `graceMs` has its reader cancelled, quietly (nothing more was expected).
 */
async function readToEnd(body: BodyReader, graceMs: number): Promise<void> {
  const timer = setTimeout(() => void body.cancel().catch(() => undefined), graceMs);
  try {
    while (!(await body.read()).done);
  } catch {
    // Cancelled after the grace, or the connection broke off: the stream had already ended.
  } finally {
    clearTimeout(timer);
  }
}

// Headers are a plain record: only add accept when the transport did not spell it already.
function withEventStreamAccept(headers: Record<string, string>): Record<string, string> {
  const hasAccept = Object.keys(headers).some((name) => name.toLowerCase() === 'accept');
  return hasAccept ? headers : { ...headers, accept: 'text/event-stream' };
}

type PlainEnvelope = ApiEnvelope<unknown> & { convId?: unknown; convGroupId?: unknown; title?: unknown };

/** The non-streaming mode: the same POST answered by one JSON envelope whose data is the whole text. */
export async function plainRequest(request: ExchangeRequest, reader: ChunkReader): Promise<AttemptResult> {
  if (request.signal?.aborted) return ABORTED;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.heartbeatMs);
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort);
  try {
    const { url, method, headers, body } = request;
    const response = await request.fetch(url, { method, headers, body, signal: controller.signal });
    const envelope = (await readEnvelope(response)) as PlainEnvelope | null;
    if (!response.ok || !envelope || envelope.code !== 0) return rejectResponse(response, envelope);
    const { data, convId, convGroupId, title } = envelope;
    if (data != null && typeof data !== 'string') return PARSE_ERROR;
    const end = reader.read({
      type: 'normal',
      choices: [{ delta: { content: data ?? '' } }],
      convId: typeof convId === 'string' || typeof convId === 'number' ? convId : null,
      convGroupId: typeof convGroupId === 'string' || typeof convGroupId === 'number' ? convGroupId : null,
      title: typeof title === 'string' ? title : null,
    });
    return end ? resultOf(end) : { status: 'done', endedWithoutDone: false };
  } catch (error) {
    if (timedOut) return HEARTBEAT_TIMEOUT;
    if (request.signal?.aborted) return ABORTED;
    return { status: 'failed', message: describe(error) };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * What an unusable response means: a retryable failure (5xx, wrong content-type) or an answer that
 * retrying would not change (401, another 4xx, an envelope with a non-zero code).
 */
function rejectResponse(response: Response, envelope: ApiEnvelope<unknown> | null): AttemptResult {
  const message = envelope?.msg || `HTTP ${response.status}`;
  if (response.status === 401) return { status: 'cancelled', code: STREAM_CODES.unauthorized, message };
  if (response.status >= 500) return { status: 'failed', message: `HTTP ${response.status}` };
  if (envelope && envelope.code !== 0) return { status: 'cancelled', code: envelope.code, message };
  if (!response.ok) return { status: 'cancelled', code: response.status, message };
  return { status: 'failed', message: `unexpected content-type: ${response.headers.get('content-type') ?? 'none'}` };
}

/** The JSON envelope of a response, or null (only JSON bodies are read: a wrong stream could be endless). */
async function readEnvelope(response: Response): Promise<ApiEnvelope<unknown> | null> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    const value: unknown = await response.json();
    if (typeof value !== 'object' || value === null || typeof (value as { code?: unknown }).code !== 'number') return null;
    return value as ApiEnvelope<unknown>;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}
