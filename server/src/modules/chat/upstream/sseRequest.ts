import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { networkDetail, openOutbound, OutboundError } from '../../../http/outbound.js';
import { UpstreamError } from './types.js';
import { httpStatusError, upstreamErrorText } from './upstreamErrors.js';

export type { EventSourceMessage };

/** Transport options every HTTP adapter takes. */
export interface SseTransportOptions {
  /** For tests or a proxy-aware client; the global fetch by default. */
  fetch?: typeof fetch;
  /** Most time from sending the request to the response headers (default 60 s). */
  connectTimeoutMs?: number;
  /**
   * Most time between two reads of the body (default 300 s): reasoning models can think for
   * minutes before their first byte, so this only catches an upstream that hung.
   */
  idleTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 60_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

export interface SseRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
}

/**
 * POSTs a JSON body and yields the server-sent events of the answer as they arrive. Bytes are
 * decoded with a streaming TextDecoder and framed by eventsource-parser, so a read may end
 * anywhere, inside a line or a UTF-8 character. A non-2xx answer, a network failure, a timeout or
 * a body that breaks off throws UpstreamError; an abort through `signal` ends the iteration
 * quietly. A body that simply ends is not an error here: the adapter knows whether it was complete.
 */
export async function* streamSse(request: SseRequest, options: SseTransportOptions): AsyncGenerator<EventSourceMessage> {
  const { signal } = request;
  if (signal.aborted) return;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  // Aborted by the caller's stop and by the idle timer while the body streams.
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let timedOut: string | undefined;
  const arm = (ms: number, what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = what;
      controller.abort();
    }, ms);
  };
  const transportError = (error: unknown) =>
    new UpstreamError(timedOut ? `upstream timed out: ${timedOut}` : `upstream connection failed: ${networkDetail(error)}`, { failover: true });
  const forwardAbort = () => controller.abort();
  signal.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await openOutbound({
        url: request.url,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...request.headers },
        body: JSON.stringify(request.body),
        timeoutMs: connectTimeoutMs,
        signal: controller.signal,
        fetch: options.fetch,
      });
    } catch (error) {
      if (signal.aborted) return;
      if (!(error instanceof OutboundError)) throw error;
      const message = error.failure.kind === 'timeout' ? `upstream timed out: no response within ${connectTimeoutMs} ms` : `upstream connection failed: ${networkDetail(error.cause)}`;
      throw new UpstreamError(message, { failover: true });
    }

    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || contentType.includes('application/json')) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (signal.aborted) return;
        throw transportError(error);
      }
      if (!response.ok) throw httpStatusError(response.status, text);
      // Some gateways answer a failure as JSON with status 200 instead of a stream.
      throw new UpstreamError(`upstream answered JSON instead of a stream: ${upstreamErrorText(text)}`, { status: response.status, failover: true });
    }
    if (!response.body) throw new UpstreamError('upstream answered without a body', { status: response.status, failover: true });

    const reader = response.body.getReader();
    const decoder = new TextDecoder('utf-8');
    const parsed: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => parsed.push(event) });
    for (;;) {
      arm(idleTimeoutMs, `no data for ${idleTimeoutMs} ms`);
      let read: Awaited<ReturnType<typeof reader.read>>;
      try {
        read = await reader.read();
      } catch (error) {
        if (signal.aborted) return;
        throw transportError(error);
      } finally {
        clearTimeout(timer);
      }
      parser.feed(read.done ? decoder.decode() : decoder.decode(read.value, { stream: true }));
      while (parsed.length > 0) {
        yield parsed.shift()!;
        if (signal.aborted) return;
      }
      if (read.done) return;
    }
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forwardAbort);
    // Releases the connection when the consumer stopped early; a no-op after a complete body.
    controller.abort();
  }
}
