import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRegister {
  form: Record<string, string>;
  contentType: string | undefined;
}

/**
 * A mirror provider on 127.0.0.1 for tests: POST /api/token/register answers { token_key } (or
 * HTTP 500 while `failing`), recording each form; GET /auth/login_share shows which token it got.
 */
export async function startFakeMirrorProvider() {
  const registers: RecordedRegister[] = [];
  const tokens: string[] = [];
  const state = { failing: false };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'POST' && url.pathname === '/api/token/register') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        registers.push({ form, contentType: request.headers['content-type'] });
        if (state.failing) {
          response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: `bad access token ${form.access_token}` }));
          return;
        }
        const token = `fk-${registers.length}-${Math.random().toString(36).slice(2, 14)}`;
        tokens.push(token);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token_key: token, expire_at: 0 }));
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/auth/login_share') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>fake mirror</title><p id="token">${url.searchParams.get('token') ?? ''}</p>`);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    registers,
    tokens,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
