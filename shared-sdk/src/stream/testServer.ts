// Test helpers: a real HTTP server on 127.0.0.1 and a transport that records what the client reads.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamChunk, StreamTransport } from './types';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Resolves when the client has gone (connection closed). */
  closed: Promise<void>;
}

export type Handler = (req: ReceivedRequest, res: http.ServerResponse) => void | Promise<void>;

export interface TestServer {
  requests: ReceivedRequest[];
  transport: StreamTransport;
  /** Every network read the client's fetch delivered, as text. */
  reads: string[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    req.socket.setNoDelay(true);
    let body = '';
    for await (const part of req) body += part;
    const received: ReceivedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      closed: new Promise((resolve) => res.on('close', () => resolve())),
    };
    requests.push(received);
    try {
      await handler(received, res);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/app-api/`;

  const reads: string[] = [];
  const decoder = new TextDecoder();
  let signatures = 0;
  const transport: StreamTransport = {
    url: (path) => base + path,
    headers: async () => ({ authorization: 'Bearer test-token', type: 'nonce', sec: 'encrypted', sec2: String(++signatures) }),
    async fetch(input, init) {
      const response = await fetch(input, init);
      if (!response.body) return response;
      const recorded = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(bytes, controller) {
            reads.push(decoder.decode(bytes, { stream: true }));
            controller.enqueue(bytes);
          },
        }),
      );
      return new Response(recorded, { status: response.status, headers: response.headers });
    },
  };

  return {
    requests,
    transport,
    reads,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A document whose listeners the tests can watch: the stream never listens for visibility (a
 * hidden tab that reconnected would start a second generation).
 */
export function installBrowserGlobals(): { addEventListener: jest.Mock; removeEventListener: jest.Mock } {
  const document = { hidden: false, addEventListener: jest.fn(), removeEventListener: jest.fn() };
  Object.assign(globalThis, { window: globalThis, document });
  return document;
}

export function openStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

export function frame(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

export function delta(content: string, extra: Partial<StreamChunk> = {}): StreamChunk {
  return { type: 'normal', choices: [{ delta: { content } }], ...extra };
}

export const DONE = 'event: done\ndata: \n\n';

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes each part separately, pausing so each reaches the client as its own network read. */
export async function writeApart(res: http.ServerResponse, parts: Array<string | Uint8Array>): Promise<void> {
  for (const part of parts) {
    res.write(part);
    await wait(30);
  }
}

export function json(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}
