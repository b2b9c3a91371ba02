import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON, or the multipart fields (files as { name, type, size, data }), or null. */
  body: unknown;
}

export interface FakeFile {
  name: string;
  type: string;
  size: number;
  data: Buffer;
}

export interface Reply {
  status: number;
  json?: unknown;
  bytes?: Buffer;
  contentType?: string;
  /** Wait this long first (a slow upstream); the reply is dropped if the client goes away. */
  delayMs?: number;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface FakeServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function bodyOf(request: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = request.headers['content-type'] ?? '';
  if (raw.length === 0) return null;
  if (type.includes('application/json')) return JSON.parse(raw.toString('utf8'));
  if (type.includes('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    const fields: Record<string, unknown[]> = {};
    for (const [name, value] of form) {
      const entry = typeof value === 'string' ? value : ({ name: value.name, type: value.type, size: value.size, data: Buffer.from(await value.arrayBuffer()) } satisfies FakeFile);
      (fields[name] ??= []).push(entry);
    }
    return fields;
  }
  return raw.toString('utf8');
}

/** A node:http server on 127.0.0.1 (a free port) that records every request and answers with `handler`. */
export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: await bodyOf(req) };
      requests.push(recorded);
      const reply = await handler(recorded);
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed) return;
      const body = reply.bytes ?? Buffer.from(JSON.stringify(reply.json ?? null));
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? (reply.bytes ? 'application/octet-stream' : 'application/json'), 'content-length': body.length });
      res.end(body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake failed: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small PNG of one colour: the fakes' pictures, told apart by colour. */
export function solidPng(width: number, height: number, hue: number): Promise<Buffer> {
  const r = Math.round(127 + 127 * Math.cos((hue * Math.PI) / 180));
  const g = Math.round(127 + 127 * Math.cos(((hue - 120) * Math.PI) / 180));
  const b = Math.round(127 + 127 * Math.cos(((hue + 120) * Math.PI) / 180));
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

export const json = (value: unknown, status = 200): Reply => ({ status, json: value });
