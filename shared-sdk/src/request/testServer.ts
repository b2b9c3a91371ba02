import { createDecipheriv } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SIGN_IV, DEFAULT_SIGN_KEY } from './config';

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type Handler = (request: Received, reply: (status: number, body: unknown, headers?: Record<string, string>) => void) => void | Promise<void>;

/** Checks the three signed headers the way the server does (AES-128-CBC, PKCS#7, base64). */
export function verifySignature(headers: http.IncomingHttpHeaders, nowSeconds = Date.now() / 1000): 'ok' | 'invalid' | 'skew' {
  const { type, sec, sec2 } = headers as Record<string, string | undefined>;
  if (!type || !sec || !sec2 || Buffer.from(type, 'base64').length !== 16) return 'invalid';
  try {
    const decipher = createDecipheriv('aes-128-cbc', Buffer.from(DEFAULT_SIGN_KEY), Buffer.from(DEFAULT_SIGN_IV));
    const plain = Buffer.concat([decipher.update(Buffer.from(sec, 'base64')), decipher.final()]).toString('utf8');
    if (plain !== sec2) return 'invalid';
  } catch {
    return 'invalid';
  }
  return Math.abs(nowSeconds - Number(sec2)) > 300 ? 'skew' : 'ok';
}

/** A real HTTP server on 127.0.0.1 for the request-client tests; routes are plain functions. */
export async function startTestServer(routes: Record<string, Handler>) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: Received = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const binary = Buffer.isBuffer(body);
        res.writeHead(status, { 'content-type': binary ? 'application/octet-stream' : 'application/json', ...headers });
        res.end(binary ? body : JSON.stringify(body));
      };
      const handler = routes[url.pathname];
      if (!handler) return reply(404, { code: 404, data: null, msg: '接口不存在' });
      void handler(request, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
