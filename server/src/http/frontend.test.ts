import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../testing/testApp.js';
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
