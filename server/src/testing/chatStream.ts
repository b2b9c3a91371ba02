import type { StreamChunk, StreamRequestBody } from '@qiming/contracts';
import type { FastifyInstance } from 'fastify';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { signForTest } from './signature.js';

/** A chat request body with the spec's defaults; tests override what they need. */
export function chatBody(overrides: Partial<StreamRequestBody> = {}): StreamRequestBody {
  return {
    recentChatLen: 4,
    model: 'glm-4-flash',
    stream: true,
    search: false,
    convGroupId: null,
    parentConvId: null,
    request: '你好，介绍一下长城',
    useContext: true,
    modelName: 'glm-4-flash',
    systemPrompt: '',
    useHong: false,
    knowledgeId: null,
    intelligentCode: null,
    uploadedFiles: [],
    mcps: [],
    ...overrides,
  };
}

/** The server listening on a free local port (SSE needs a real connection a client can drop). */
export async function listen(server: FastifyInstance): Promise<string> {
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/\/$/, '');
}

export interface SseRead {
  /** Data chunks in arrival order (a malformed frame is kept as `raw`). */
  chunks: Array<StreamChunk & { raw?: string }>;
  /** true when the `done` event arrived. */
  done: boolean;
  /** SSE ids as sent. */
  ids: string[];
  status: number;
  contentType: string;
}

export interface ReadOptions {
  /** Stop reading (drop the connection) after this many data chunks. */
  dropAfter?: number;
  /** Called with every chunk as it arrives. */
  onChunk?(chunk: StreamChunk): void;
  headers?: Record<string, string>;
}

/** One signed SSE request, read until done, the server ends it, or `dropAfter` chunks. */
export async function readSse(baseUrl: string, token: string, request: { method: 'GET' | 'POST'; path: string; body?: unknown }, options: ReadOptions = {}): Promise<SseRead> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/app-api/${request.path}`, {
    method: request.method,
    headers: {
      ...signForTest(),
      authorization: `Bearer ${token}`,
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: controller.signal,
  });
  const read: SseRead = { chunks: [], done: false, ids: [], status: response.status, contentType: response.headers.get('content-type') ?? '' };
  let dropped = false;
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      if (dropped) return;
      if (message.event === 'done') {
        read.done = true;
        return;
      }
      if (message.id !== undefined) read.ids.push(message.id);
      let chunk: StreamChunk & { raw?: string };
      try {
        chunk = JSON.parse(message.data) as StreamChunk;
      } catch {
        chunk = { raw: message.data };
      }
      read.chunks.push(chunk);
      options.onChunk?.(chunk);
      if (options.dropAfter !== undefined && read.chunks.length >= options.dropAfter) {
        dropped = true;
        controller.abort();
      }
    },
  });
  const decoder = new TextDecoder();
  try {
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(bytes, { stream: true }));
      if (dropped) break;
    }
  } catch (error) {
    if (!dropped) throw error;
  }
  return read;
}

/** The answer text of a list of chunks (content deltas of normal chunks). */
export function answerText(chunks: readonly StreamChunk[]): string {
  return chunks
    .filter((chunk) => (chunk.type ?? 'normal') === 'normal' && !chunk.code)
    .map((chunk) => chunk.choices?.[0]?.delta?.content ?? '')
    .join('');
}
