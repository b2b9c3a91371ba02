import assert from 'node:assert/strict';
import http from 'node:http';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { createParser } from 'eventsource-parser';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, register, uniquePhone } from '../testing/accounts.js';
import { chatBody, listen } from '../testing/chatStream.js';
import { signed, signForTest } from '../testing/signature.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { COMPRESS_THRESHOLD, installCompression } from './compression.js';
import { notModified } from './etag.js';

const BR = 'gzip, deflate, br';
const large = { code: 0, msg: '', data: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `模板 ${i}`, text: '请帮我写一段介绍。'.repeat(3) })) };
const largeText = JSON.stringify(large);

function decode(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload);
  assert.equal(encoding, undefined, `unexpected Content-Encoding ${String(encoding)}`);
  return response.rawPayload;
}

const varies = (response: LightMyRequestResponse) => /accept-encoding/i.test(String(response.headers.vary ?? ''));

describe('dynamic JSON compression', () => {
  let server: FastifyInstance;
  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

  before(async () => {
    server = Fastify();
    installCompression(server);
    server.get('/small', async () => ({ code: 0, data: { ok: true }, msg: '' }));
    server.get('/large', async () => large);
    server.get('/just-under', async (_request, reply) => reply.type('application/json').send(' '.repeat(COMPRESS_THRESHOLD - 1)));
    server.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(`<p>${'启明'.repeat(2000)}</p>`));
    server.get('/image', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(50_000)));
    server.get('/json-stream', async (_request, reply) => reply.type('application/json').send(Readable.from([largeText])));
    server.get('/already', async (_request, reply) => reply.type('application/json').header('content-encoding', 'gzip').send(zlib.gzipSync(largeText)));
    server.get('/tagged', async (request, reply) => notModified(request, reply, '"v1"') ?? large);
    await server.ready();
  });
  after(() => server.close());

  it('leaves JSON under 1 KiB as it is', async () => {
    for (const url of ['/small', '/just-under']) {
      const response = await get(url, { 'accept-encoding': BR });
      assert.equal(response.headers['content-encoding'], undefined, url);
    }
  });

  it('compresses larger JSON with br, else gzip, as accepted, with Vary and a decodable body', async () => {
    for (const [acceptEncoding, expected] of [[BR, 'br'], ['gzip', 'gzip'], ['br;q=0, gzip;q=0.5', 'gzip'], ['*', 'br'], ['deflate', undefined], ['', undefined]] as const) {
      const response = await get('/large', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], expected, `Accept-Encoding: ${acceptEncoding}`);
      assert.ok(varies(response), `Vary for ${acceptEncoding}`);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.equal(Number(response.headers['content-length']), response.rawPayload.length);
      assert.deepEqual(JSON.parse(decode(response).toString()), large);
      if (expected) assert.ok(response.rawPayload.length < largeText.length / 4, `${expected} is smaller`);
    }
  });

  it('never compresses what is not JSON, streams or bodies already encoded', async () => {
    for (const url of ['/page', '/image', '/json-stream']) {
      const response = await get(url, { 'accept-encoding': BR });
      assert.equal(response.headers['content-encoding'], undefined, url);
      assert.equal(varies(response), false, url);
    }
    const already = await get('/already', { 'accept-encoding': BR });
    assert.equal(already.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(already.rawPayload).toString(), largeText);
  });

  it('keeps ETag revalidation: the compressed answer carries the weak form, and both forms get 304', async () => {
    const compressed = await get('/tagged', { 'accept-encoding': BR });
    assert.equal(compressed.headers['content-encoding'], 'br');
    assert.equal(compressed.headers.etag, 'W/"v1"');
    const plain = await get('/tagged');
    assert.equal(plain.headers.etag, '"v1"');
    for (const etag of ['W/"v1"', '"v1"']) {
      const again = await get('/tagged', { 'accept-encoding': BR, 'if-none-match': etag });
      assert.equal(again.statusCode, 304, etag);
      assert.equal(again.rawPayload.length, 0);
      assert.equal(again.headers['content-encoding'], undefined);
    }
  });

  it('compresses an answer with an ETag at max quality, the same bytes every time', async () => {
    const first = await get('/tagged', { 'accept-encoding': BR });
    const second = await get('/tagged', { 'accept-encoding': BR });
    assert.deepEqual(second.rawPayload, first.rawPayload);
    assert.deepEqual(JSON.parse(decode(first).toString()), large);
    const untagged = await get('/large', { 'accept-encoding': BR });
    assert.ok(first.rawPayload.length < untagged.rawPayload.length, `${first.rawPayload.length} < ${untagged.rawPayload.length} (brotli 11 against 4)`);
    const gzipped = await get('/tagged', { 'accept-encoding': 'gzip' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(decode(gzipped).toString()), large);
  });
});

describe('compression in the whole server', () => {
  let t: TestApp;
  let base: string;
  let token: string;

  before(async () => {
    // The offline model paced, so its answer takes a while to stream.
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, OFFLINE_TOKENS_PER_SECOND: '300', OFFLINE_FIRST_TOKEN_MS: '0' });
    base = await listen(t.app.server);
    token = (await register(t.app.server, { phone: uniquePhone() })).accessToken;
    await t.app.points.credit(decodeJwt(token).sub!, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `test-credit:${token.slice(-12)}` });
  });
  after(() => t.close());

  it('compresses a large API answer and keeps its 304', async () => {
    const url = '/app-api/backend-api/getPromptTemplates';
    const first = await t.app.server.inject(signed({ method: 'GET', url, headers: { 'accept-encoding': BR } }));
    assert.equal(first.headers['content-encoding'], 'br');
    assert.equal(JSON.parse(decode(first).toString()).code, 0);
    const again = await t.app.server.inject(signed({ method: 'GET', url, headers: { 'accept-encoding': BR, 'if-none-match': String(first.headers.etag) } }));
    assert.equal(again.statusCode, 304);
  });

  it('leaves a small API answer alone', async () => {
    const response = await t.app.server.inject(signed({ method: 'GET', url: '/app-api/platform/downloads', headers: { 'accept-encoding': BR } }));
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], undefined);
  });

  it('streams the chat SSE uncompressed, event by event, to a client that accepts br', async () => {
    const arrivals: Array<{ at: number; event: string }> = [];
    const started = Date.now();
    const { headers, reads } = await new Promise<{ headers: http.IncomingHttpHeaders; reads: number }>((resolve, reject) => {
      const request = http.request(`${base}/app-api/backend-api/getStream`, {
        method: 'POST',
        headers: { ...signForTest(), authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': BR },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        let reads = 0;
        const parser = createParser({ onEvent: (message) => arrivals.push({ at: Date.now() - started, event: message.event ?? 'message' }) });
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          reads++;
          parser.feed(text);
        });
        response.on('end', () => resolve({ headers: response.headers, reads }));
        response.on('error', reject);
      });
      request.end(JSON.stringify(chatBody({ request: '请介绍一下长城的历史' })));
    });
    assert.match(String(headers['content-type']), /^text\/event-stream/);
    assert.equal(headers['content-encoding'], undefined);
    assert.equal(arrivals.at(-1)?.event, 'done');
    const data = arrivals.filter((a) => a.event !== 'done');
    assert.ok(data.length > 20, `${data.length} events`);
    // Flushed as written: many separate reads, the first event long before the last (the answer is paced).
    assert.ok(reads > 10, `${reads} reads`);
    assert.ok(data.at(-1)!.at - data[0]!.at > 200, `events spread over ${data.at(-1)!.at - data[0]!.at} ms`);
  });
});
