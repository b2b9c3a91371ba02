import http from 'node:http';
import { after, before, beforeEach } from 'node:test';
import type { AddressInfo } from 'node:net';

export interface RecordedSearchRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The JSON body parsed, the raw text when it is not JSON, null when empty. */
  body: unknown;
}

export type FakeSearchReply =
  | { status: number; json: unknown }
  /** A body sent as is (malformed JSON, an HTML error page). */
  | { status: number; raw: string; contentType?: string }
  /** Never answers: the request stays open until the client gives up. */
  | { hang: true };

export interface FakeSearchServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  requests: RecordedSearchRequest[];
  /** Queues replies, answered in order; after them every request gets a 500 saying none was scripted. */
  reply(...replies: FakeSearchReply[]): void;
  close(): Promise<void>;
}

async function bodyOf(request: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A stand-in for a search provider over real HTTP on 127.0.0.1 (a free port): scripted replies, every request recorded. */
export async function startFakeSearchServer(): Promise<FakeSearchServer> {
  const queue: FakeSearchReply[] = [];
  const requests: RecordedSearchRequest[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: await bodyOf(req) });
    const reply = queue.shift() ?? { status: 500, raw: 'no reply scripted', contentType: 'text/plain' };
    if ('hang' in reply) {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    const body = 'json' in reply ? JSON.stringify(reply.json) : reply.raw;
    const contentType = 'json' in reply ? 'application/json; charset=utf-8' : (reply.contentType ?? 'application/json');
    res.writeHead(reply.status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => queue.push(...replies),
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The fake of one test suite (call it inside `describe`): started before the suite's tests, its
 * recorded requests emptied before each, closed after them.
 */
export function fakeSearchServerForSuite(): FakeSearchServer {
  let server: FakeSearchServer | undefined;
  const current = () => {
    if (!server) throw new Error('the fake search server starts before the suite\'s tests');
    return server;
  };
  before(async () => {
    server = await startFakeSearchServer();
  });
  after(() => current().close());
  beforeEach(() => {
    current().requests.length = 0;
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get requests() {
      return current().requests;
    },
    reply: (...replies) => current().reply(...replies),
    close: () => current().close(),
  };
}
