import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A local stand-in for an LLM upstream over real HTTP (127.0.0.1, a free port): it answers each
 * request with the next scripted reply, streaming server-sent events in pieces cut at any byte,
 * answering HTTP errors, dropping the connection or never answering, and records what it received.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /v1/chat/completions. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body parsed, else the raw text. */
  body: unknown;
  /** Settles when the connection of this request has closed (the client aborted, or the reply ended). */
  closed: Promise<void>;
}

export type FakeReply =
  | {
      type: 'stream';
      /** Raw SSE text, e.g. from openAiFrames / anthropicFrames. */
      frames: string[];
      /** Byte offsets in the concatenated frames where a write ends; default: one write per frame. */
      cuts?: number[];
      /** Writes of this many bytes instead (ignored when `cuts` is given). */
      chunkBytes?: number;
      /** Pause between writes, so the client gets them as separate reads (default 3 ms). */
      pauseMs?: number;
      /** After the last write: end the response (default), destroy the socket mid-body, or keep it open until the client leaves. */
      end?: 'end' | 'drop' | 'hold';
      /** Nothing is answered (not even the headers) until this settles: a reply the test holds open. */
      holdUntil?: Promise<unknown>;
      status?: number;
      contentType?: string;
    }
  /** A plain JSON answer, usually an error. */
  | { type: 'json'; status: number; body: unknown }
  /** Never answers: the request stays open until the client gives up. */
  | { type: 'silent' };

export interface FakeUpstream {
  /** http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Resolves with the `count`-th request (1-based) once it has arrived. */
  received(count: number): Promise<RecordedRequest>;
  /** Queues replies, answered in order; after them `fallback` (a 500 saying no reply was scripted). */
  reply(...replies: FakeReply[]): void;
  /** The reply for every request once the queue is empty. */
  fallback: FakeReply;
  close(): Promise<void>;
}

/** One SSE event; the data is JSON-encoded unless it is a string already. */
export function sseFrame(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** An OpenAI Chat Completions stream: every chunk as `data: {…}`, then `data: [DONE]`. */
export function openAiFrames(chunks: unknown[], options: { done?: boolean } = {}): string[] {
  return [...chunks.map((chunk) => sseFrame(chunk)), ...(options.done === false ? [] : ['data: [DONE]\n\n'])];
}

/** A chat.completion.chunk with one choice carrying `delta`. */
export function openAiChunk(delta: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1735689600, model: 'fake-model', choices: [{ index: 0, delta, finish_reason: null }], ...extra };
}

/** An Anthropic Messages stream: `event: <type>` plus `data: {type, …}` for each event. */
export function anthropicFrames(events: Array<{ type: string } & Record<string, unknown>>): string[] {
  return events.map((event) => sseFrame(event, event.type));
}

function pieces(bytes: Buffer, reply: Extract<FakeReply, { type: 'stream' }>, frames: string[]): Buffer[] {
  let cuts: number[];
  if (reply.cuts) cuts = reply.cuts;
  else if (reply.chunkBytes) cuts = Array.from({ length: Math.ceil(bytes.length / reply.chunkBytes) }, (_, i) => (i + 1) * reply.chunkBytes!);
  else {
    let offset = 0;
    cuts = frames.map((frame) => (offset += Buffer.byteLength(frame)));
  }
  const result: Buffer[] = [];
  let start = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= start || cut > bytes.length) continue;
    result.push(bytes.subarray(start, cut));
    start = cut;
  }
  if (start < bytes.length) result.push(bytes.subarray(start));
  return result;
}

async function writeStream(res: ServerResponse, reply: Extract<FakeReply, { type: 'stream' }>): Promise<void> {
  await reply.holdUntil;
  res.socket?.setNoDelay(true);
  res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
  for (const piece of pieces(Buffer.from(reply.frames.join(''), 'utf8'), reply, reply.frames)) {
    if (res.destroyed) return;
    await sleep(reply.pauseMs ?? 3);
    await new Promise<void>((resolve) => res.write(piece, () => resolve()));
  }
  const end = reply.end ?? 'end';
  if (end === 'end') res.end();
  else if (end === 'drop') {
    await sleep(reply.pauseMs ?? 3);
    res.socket?.destroy();
  }
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const waiting: Array<{ count: number; resolve: (request: RecordedRequest) => void }> = [];
  const upstream: FakeUpstream = {
    baseUrl: '',
    requests,
    received: (count) => new Promise((resolve) => (requests.length >= count ? resolve(requests[count - 1]!) : waiting.push({ count, resolve }))),
    reply: (...replies) => void queue.push(...replies),
    fallback: { type: 'json', status: 500, body: { error: { message: 'fake upstream: no reply scripted', type: 'server_error' } } },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, closed });
      for (const waiter of waiting.filter((w) => w.count === requests.length)) waiter.resolve(requests.at(-1)!);
      const reply = queue.shift() ?? upstream.fallback;
      if (reply.type === 'silent') return;
      if (reply.type === 'json') {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
        return;
      }
      writeStream(res, reply).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return upstream;
}

/** A base URL nothing listens on (a port that was free a moment ago): every request is refused. */
export async function refusedBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
