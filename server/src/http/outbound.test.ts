import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { callOutbound, jsonObjectOf, openOutbound, OutboundError, parseJsonObject, requireOk, type OutboundFailure } from './outbound.js';

const failsWith = (kind: OutboundFailure['kind'], check: (error: OutboundError) => void = () => {}) => (error: unknown) => {
  assert.ok(error instanceof OutboundError, String(error));
  assert.equal(error.failure.kind, kind, error.message);
  check(error);
  return true;
};

describe('outbound HTTP', () => {
  let server: http.Server;
  let base: string;
  /** Answers the test finishes itself, so no case depends on how fast this machine is. */
  const held: http.ServerResponse[] = [];
  const finishHeld = (text: string) => held.splice(0).forEach((response) => response.end(text));
  before(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      switch (url.pathname) {
        case '/json':
          return response.end('{"a":1}');
        case '/slow':
          return void held.push(response);
        case '/refused':
          response.statusCode = 401;
          return response.end(`{"error":"bad key sk-secret-123"} ${'x'.repeat(1000)}`);
        case '/big-declared':
          response.setHeader('content-length', '2000');
          return response.end('y'.repeat(2000));
        case '/big-streamed':
          response.write('z'.repeat(600));
          return void setTimeout(() => response.end('z'.repeat(600)), 10);
        case '/slow-body':
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.write('first ');
          return void held.push(response);
        default:
          response.statusCode = 404;
          return response.end('[]');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    finishHeld('');
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads a whole answer, any status', async () => {
    const answer = await callOutbound({ url: `${base}/json`, timeoutMs: 2000 });
    assert.equal(answer.status, 200);
    assert.equal(answer.ok, true);
    assert.deepEqual(jsonObjectOf(answer), { a: 1 });
    const missing = await callOutbound({ url: `${base}/nothing`, timeoutMs: 2000 });
    assert.equal(missing.status, 404);
    assert.throws(() => jsonObjectOf(missing, 'probe'), failsWith('badResponse', (e) => assert.match(e.message, /^probe: bad answer: not a JSON object/)));
  });

  it('classifies a timeout, a refused connection and an error status (secrets left out)', async () => {
    await assert.rejects(callOutbound({ url: `${base}/slow`, timeoutMs: 50 }), failsWith('timeout', (e) => assert.equal(e.message, 'no answer within 50 ms')));
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await assert.rejects(callOutbound({ url: `http://127.0.0.1:${port}/`, timeoutMs: 2000, label: 'probe' }), failsWith('network', (e) => assert.match(e.message, /^probe: connection failed: fetch failed.*ECONNREFUSED/)));
    const refused = await callOutbound({ url: `${base}/refused`, timeoutMs: 2000 });
    assert.throws(
      () => requireOk(refused, { secrets: ['sk-secret-123', undefined] }),
      failsWith('status', (e) => {
        assert.deepEqual({ ...e.failure, detail: undefined }, { kind: 'status', status: 401, detail: undefined });
        assert.match(e.message, /^HTTP 401: \{"error":"bad key \[key\]"\}/);
        assert.ok(!e.message.includes('sk-secret'));
        assert.equal((e.failure as { detail: string }).detail.length, 300);
      }),
    );
  });

  it('refuses an answer over maxBytes, declared or streamed', async () => {
    for (const path of ['/big-declared', '/big-streamed']) {
      await assert.rejects(callOutbound({ url: `${base}${path}`, timeoutMs: 2000, maxBytes: 1000 }), failsWith('badResponse', (e) => assert.equal((e.failure as { tooLarge?: boolean }).tooLarge, true)));
    }
    assert.equal((await callOutbound({ url: `${base}/big-streamed`, timeoutMs: 2000, maxBytes: 1200 })).body.length, 1200);
  });

  it("passes the caller's own abort through unclassified", async () => {
    const controller = new AbortController();
    const call = callOutbound({ url: `${base}/slow`, timeoutMs: 2000, signal: controller.signal });
    controller.abort();
    await assert.rejects(call, (error: unknown) => !(error instanceof OutboundError));
  });

  it('openOutbound: the time limit covers the headers only, the caller can still end the body', async () => {
    const response = await openOutbound({ url: `${base}/slow-body`, timeoutMs: 300 });
    // The body is still open when the time limit has long passed: it must not cut it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    finishHeld('second');
    assert.equal(await response.text(), 'first second');
    await assert.rejects(openOutbound({ url: `${base}/slow`, timeoutMs: 50 }), failsWith('timeout'));
    finishHeld('late');
    const controller = new AbortController();
    const streaming = await openOutbound({ url: `${base}/slow-body`, timeoutMs: 2000, signal: controller.signal });
    controller.abort();
    await assert.rejects(streaming.text());
  });

  it('parseJsonObject takes objects only', () => {
    assert.deepEqual(parseJsonObject('{"a":[1]}'), { a: [1] });
    for (const text of ['[]', '"x"', '1', 'null', 'not json', '']) assert.equal(parseJsonObject(text), null, text);
  });
});
