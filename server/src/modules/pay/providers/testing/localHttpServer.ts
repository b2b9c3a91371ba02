import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalRequest {
  method: string;
  /** Path and query as received, e.g. /v3/pay/transactions/native. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LocalReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface LocalHttpServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1 and a free port; a handler that throws answers 500 with the error. */
export async function startLocalHttpServer(handle: (request: LocalRequest) => LocalReply): Promise<LocalHttpServer> {
  const server = createServer(async (request, response) => {
    let body = '';
    request.setEncoding('utf8');
    for await (const chunk of request) body += chunk;
    let reply: LocalReply;
    try {
      reply = handle({ method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, body });
    } catch (error) {
      reply = { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: `fake server error: ${String(error)}` };
    }
    response.writeHead(reply.status, reply.headers).end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
