import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { addMissingSiblings } from '@qiming/contracts/federation';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { RETIRING_SERVICE_WORKER } from './serviceWorker.js';
import { fakeRemoteBuild } from '../testing/fakeRemoteBuild.js';
import { signed } from '../testing/signature.js';

describe('front-end serving', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await t.app.platform.publish({ area: 'chat', buildDir: fakeRemoteBuild({ area: 'chat', version: '1.0.0' }) });
  });
  after(() => t.close());

  for (const route of ['/', '/chatPage', '/chatPage/g-abc', '/toolBox/building', '/friendsLinkPage/123', '/loginPage?aff=XYZ', '/api', '/anything/else']) {
    it(`answers ${route} with the host page`, async () => {
      const response = await t.app.server.inject({ method: 'GET', url: route, headers: { accept: 'text/html' } });
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-type'] as string, /text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.match(response.body, /启明 AI/);
    });
  }

  it('serves hashed host files as immutable', async () => {
    const response = await t.app.server.inject({ method: 'GET', url: '/main.0123456789.js' });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['cache-control'] as string, /immutable/);
  });

  it('serves the remote store: manifest and entry revalidated, chunks immutable', async () => {
    const manifest = await t.app.server.inject({ method: 'GET', url: '/remotes/chat/1.0.0/mf-manifest.json' });
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    const entry = await t.app.server.inject({ method: 'GET', url: '/remotes/chat/1.0.0/remoteEntry.js' });
    assert.equal(entry.headers['cache-control'], 'no-cache');
    const chunk = await t.app.server.inject({ method: 'GET', url: '/remotes/chat/1.0.0/main.abc123.js' });
    assert.match(chunk.headers['cache-control'] as string, /immutable/);
  });

  it('answers 404 for missing files and unknown API calls, not the page', async () => {
    assert.equal((await t.app.server.inject({ method: 'GET', url: '/remotes/chat/9.9.9/remoteEntry.js' })).statusCode, 404);
    assert.equal((await t.app.server.inject({ method: 'GET', url: '/missing.js' })).statusCode, 404);
    const api = await t.app.server.inject(signed({ method: 'GET', url: '/app-api/nothing' }));
    assert.equal(api.statusCode, 404);
    assert.deepEqual(api.json(), { code: 404, data: null, msg: '接口不存在' });
  });

  it('answers the health check', async () => {
    const response = await t.app.server.inject({ method: 'GET', url: '/ping' });
    assert.equal(response.body, 'OK');
  });
});

describe('front-end serving after a new host build', () => {
  it('serves files written after the server started', async () => {
    const t = await createTestApp();
    try {
      const fs = await import('node:fs');
      const path = await import('node:path');
      fs.writeFileSync(path.join(t.config.hostShellDir, 'main.9999999999.js'), 'console.log("new host")');
      const response = await t.app.server.inject({ method: 'GET', url: '/main.9999999999.js' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, 'console.log("new host")');
      assert.equal((await t.app.server.inject({ method: 'GET', url: '/chatPage' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

describe('the service worker at /sw.js', () => {
  const BUILT_WORKER = 'self.__WB_MANIFEST_USED = true;';

  it('serves the host build\'s worker revalidated on every check, so a new build reaches browsers', async () => {
    const t = await createTestApp();
    try {
      fs.writeFileSync(path.join(t.config.hostShellDir, 'sw.js'), BUILT_WORKER);
      const response = await t.app.server.inject({ method: 'GET', url: '/sw.js' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.match(response.headers['content-type'] as string, /javascript/);
      assert.equal(response.body, BUILT_WORKER);
    } finally {
      await t.close();
    }
  });

  it('with SERVICE_WORKER=false serves the retiring worker instead: it deletes the site\'s caches and unregisters', async () => {
    const t = await createTestApp({ SERVICE_WORKER: 'false' });
    try {
      fs.writeFileSync(path.join(t.config.hostShellDir, 'sw.js'), BUILT_WORKER);
      const response = await t.app.server.inject({ method: 'GET', url: '/sw.js' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.match(response.headers['content-type'] as string, /javascript/);
      assert.equal(response.body, RETIRING_SERVICE_WORKER);
      assert.match(response.body, /registration\.unregister\(\)/);
      assert.match(response.body, /startsWith\('qm-'\)/);
    } finally {
      await t.close();
    }
  });
});

describe('precompressed front-end files', () => {
  const BR = 'gzip, deflate, br';
  const script = (seed: string) => Array.from({ length: 300 }, (_, i) => `export const ${seed}${i} = ${JSON.stringify('启明'.repeat(i % 13))};`).join('\n');
  const page = `<!doctype html><title>启明 AI</title><div id="qm-shell"></div>${'<link rel="preload" href="/app.0123456789.js" as="script">'.repeat(40)}`;
  let t: TestApp;
  let appJs: Buffer;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.server.inject({ method, url, headers });
  const accepting = (acceptEncoding: string): Record<string, string> => (acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});

  before(async () => {
    t = await createTestApp();
    const host = t.config.hostShellDir;
    // As the build leaves them: a host page and chunk with .br/.gz siblings, a hidden source map.
    fs.writeFileSync(path.join(host, 'index.html'), page);
    fs.writeFileSync(path.join(host, 'app.0123456789.js'), script('host'));
    fs.writeFileSync(path.join(host, 'app.0123456789.js.map'), '{"version":3,"mappings":""}');
    await addMissingSiblings(host);
    appJs = fs.readFileSync(path.join(host, 'app.0123456789.js'));
    // A remote build without siblings: publish makes them.
    const build = fakeRemoteBuild({ area: 'pay', version: '1.0.0', remoteEntry: script('entry') });
    fs.writeFileSync(path.join(build, 'big.0123456789.js'), script('pay'));
    fs.writeFileSync(path.join(build, 'big.0123456789.js.map'), '{"version":3,"mappings":""}');
    await t.app.platform.publish({ area: 'pay', buildDir: build });
  });
  after(() => t.close());

  const decoded = (response: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
    const encoding = response.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload);
    if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload);
    return response.rawPayload;
  };
  const varies = (response: { headers: Record<string, unknown> }) => /accept-encoding/i.test(String(response.headers.vary));

  it('sends br when accepted, else gzip, else the file itself, always with Vary: Accept-Encoding', async () => {
    for (const [acceptEncoding, expected] of [[BR, 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip'], ['deflate', undefined], ['', undefined]] as const) {
      const response = await get('/app.0123456789.js', accepting(acceptEncoding));
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], expected, `Accept-Encoding: ${acceptEncoding}`);
      assert.match(String(response.headers['content-type']), /javascript/);
      assert.ok(varies(response), `Vary for ${acceptEncoding}`);
      assert.ok(decoded(response).equals(appJs));
      assert.match(String(response.headers['cache-control']), /immutable/);
    }
    const br = await get('/app.0123456789.js', { 'accept-encoding': BR });
    assert.ok(br.rawPayload.length < appJs.length / 2, 'the compressed file is what goes out');
  });

  it('keeps no-cache on the page, the manifest and remoteEntry.js when they go out compressed', async () => {
    for (const url of ['/', '/index.html', '/chatPage', '/remotes/pay/1.0.0/remoteEntry.js', '/remotes/pay/1.0.0/mf-manifest.json']) {
      const response = await get(url, { 'accept-encoding': BR });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
      assert.ok(varies(response), url);
    }
    for (const url of ['/', '/chatPage']) {
      const response = await get(url, { 'accept-encoding': BR });
      assert.equal(response.headers['content-encoding'], 'br', url);
      assert.match(String(response.headers['content-type']), /text\/html/);
      // The host page with this visitor's registry written in (hostPage.test.ts).
      const body = decoded(response).toString();
      assert.ok(body.startsWith(page), url);
      assert.match(body.slice(page.length), /^<script type="application\/json" id="qm-registry">/);
    }
    const entry = await get('/remotes/pay/1.0.0/remoteEntry.js', { 'accept-encoding': BR });
    assert.equal(entry.headers['content-encoding'], 'br');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    assert.equal(decoded(entry).toString(), script('entry'));
    const chunk = await get('/remotes/pay/1.0.0/big.0123456789.js', { 'accept-encoding': 'gzip' });
    assert.equal(chunk.headers['content-encoding'], 'gzip');
    assert.match(String(chunk.headers['cache-control']), /immutable/);
  });

  it('revalidates the page with its ETag: 304 for the same encoding, whichever route answered it', async () => {
    for (const url of ['/', '/chatPage/g-abc']) {
      for (const acceptEncoding of [BR, 'gzip', '']) {
        const headers = accepting(acceptEncoding);
        const first = await get(url, headers);
        const etag = String(first.headers.etag);
        assert.ok(first.headers.etag, `${url} has an ETag`);
        const again = await get(url, { ...headers, 'if-none-match': etag });
        assert.equal(again.statusCode, 304, `${url} ${acceptEncoding}`);
        assert.equal(again.headers['cache-control'], 'no-cache');
      }
    }
    const br = await get('/', { 'accept-encoding': BR });
    const identity = await get('/');
    assert.notEqual(br.headers.etag, identity.headers.etag, 'each encoding is its own representation');
  });

  it('answers HEAD with the headers of the GET it stands for', async () => {
    const brFile = fs.readFileSync(path.join(t.config.hostShellDir, 'app.0123456789.js.br'));
    const head = await get('/app.0123456789.js', { 'accept-encoding': BR }, 'HEAD');
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-encoding'], 'br');
    assert.equal(Number(head.headers['content-length']), brFile.length);
    assert.equal(head.rawPayload.length, 0);
    const page = await get('/chatPage', { 'accept-encoding': BR }, 'HEAD');
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['content-encoding'], 'br');
    assert.equal(page.headers['cache-control'], 'no-cache');
  });

  it('answers byte ranges of the representation it sends', async () => {
    const plain = await get('/app.0123456789.js', { range: 'bytes=0-99' });
    assert.equal(plain.statusCode, 206);
    assert.equal(plain.headers['content-range'], `bytes 0-99/${appJs.length}`);
    assert.ok(plain.rawPayload.equals(appJs.subarray(0, 100)));
    const brFile = fs.readFileSync(path.join(t.config.hostShellDir, 'app.0123456789.js.br'));
    const br = await get('/app.0123456789.js', { range: 'bytes=10-19', 'accept-encoding': BR });
    assert.equal(br.statusCode, 206);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['content-range'], `bytes 10-19/${brFile.length}`);
    assert.ok(br.rawPayload.equals(brFile.subarray(10, 20)));
  });

  it('does not send a sibling whose file is gone', async () => {
    const build = fakeRemoteBuild({ area: 'pay', version: '1.0.1-gone', remoteEntry: script('gone') });
    await t.app.platform.publish({ area: 'pay', buildDir: build });
    const entry = path.join(t.config.remoteStoreDir, 'pay', '1.0.1-gone', 'remoteEntry.js');
    fs.rmSync(entry);
    assert.ok(fs.existsSync(`${entry}.br`) && fs.existsSync(`${entry}.gz`));
    for (const acceptEncoding of [BR, 'gzip', '']) {
      const response = await get('/remotes/pay/1.0.1-gone/remoteEntry.js', accepting(acceptEncoding));
      assert.equal(response.statusCode, 404, acceptEncoding || 'no Accept-Encoding');
    }
  });

  it('does not serve source maps or the siblings under their own names', async () => {
    assert.ok(fs.existsSync(path.join(t.config.remoteStoreDir, 'pay', '1.0.0', 'big.0123456789.js.map')), 'the map is in the store');
    for (const url of ['/app.0123456789.js.map', '/remotes/pay/1.0.0/big.0123456789.js.map', '/app.0123456789.js.br', '/remotes/pay/1.0.0/remoteEntry.js.gz']) {
      for (const acceptEncoding of [BR, '']) {
        const response = await get(url, accepting(acceptEncoding));
        assert.equal(response.statusCode, 404, `${url} (${acceptEncoding || 'no Accept-Encoding'})`);
      }
    }
  });
});
