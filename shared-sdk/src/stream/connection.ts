import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { ApiEnvelope } from '@qiming/contracts';
import { PARSE_ERROR, type ChunkReader } from './chunkReader';
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
}

export const ABORTED = { status: 'aborted', code: STREAM_CODES.cancelled } as const;
const HEARTBEAT_TIMEOUT = { status: 'error', code: STREAM_CODES.heartbeat, message: 'heartbeat timeout' } as const;

/** Thrown from onopen so fetchEventSource stops; carries what the response means. */
class RejectedResponse extends Error {
  constructor(readonly result: AttemptResult) {
    super('rejected response');
  }
}

/** One SSE connection, read until done, a cancel code, silence, abort or a transport failure. */
export function openSse(request: ExchangeRequest, reader: ChunkReader): Promise<AttemptResult> {
  return new Promise((resolve) => {
    const connection = new AbortController();
    let heartbeat: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(heartbeat);
      request.signal?.removeEventListener('abort', onAbort);
      connection.abort();
      resolve(result);
    };
    const onAbort = () => finish(ABORTED);
    const beat = () => {
      clearTimeout(heartbeat);
      heartbeat = setTimeout(() => finish(HEARTBEAT_TIMEOUT), request.heartbeatMs);
    };

    if (request.signal?.aborted) return finish(ABORTED);
    request.signal?.addEventListener('abort', onAbort);
    beat();

    fetchEventSource(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: connection.signal,
      // Hidden tabs keep streaming: by default the library aborts and re-POSTs, starting a second generation.
      openWhenHidden: true,
      fetch: request.fetch,
      async onopen(response) {
        beat();
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.startsWith('text/event-stream')) return;
        throw new RejectedResponse(rejectResponse(response, await readEnvelope(response)));
      },
      onmessage(message) {
        // The library keeps parsing the rest of a network read after we have finished.
        if (settled) return;
        beat();
        const end = reader.readMessage(message.event, message.data);
        if (end) finish(end.status === 'done' ? { status: 'done', endedWithoutDone: false } : end);
      },
      onclose() {
        finish(
          reader.hasContent
            ? { status: 'done', endedWithoutDone: true }
            : { status: 'failed', message: 'stream closed before any content' },
        );
      },
      onerror(error) {
        // Rethrowing stops the library's own retry, which would reuse the single-use signed headers.
        throw error;
      },
    }).catch((error: unknown) =>
      finish(error instanceof RejectedResponse ? error.result : { status: 'failed', message: describe(error) }),
    );
  });
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
    return end ?? { status: 'done', endedWithoutDone: false };
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
