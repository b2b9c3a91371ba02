import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { fakeRemoteBuild } from '../../testing/fakeRemoteBuild.js';
import { signed } from '../../testing/signature.js';

describe(`platform HTTP API (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ OPS_TOKEN: 'ops-secret-token' });
    for (const area of ['account', 'chat', 'media', 'pay', 'toolbox']) {
      await t.app.platform.publish({ area, buildDir: fakeRemoteBuild({ area, version: '1.0.0' }) });
      await t.app.platform.activate(area, '1.0.0');
      await t.app.platform.publish({ area, buildDir: fakeRemoteBuild({ area, version: '1.0.1-hotfix.2' }) });
      await t.app.platform.activate(area, '1.0.1-hotfix.2');
    }
  });
  after(() => t.close());

  it('serves the registry uncached, under 2 KiB, and gives anonymous callers a stable id', async () => {
    const first = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/remotes' });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['cache-control'], 'no-cache');
    assert.ok(first.rawPayload.length <= 2048, `registry is ${first.rawPayload.length} bytes`);
    const body = first.json();
    assert.equal(body.code, 0);
    assert.equal(body.data.areas.length, 5);
    assert.deepEqual(body.data.site, { edition: 'domestic', locale: 'zh-CN', guards: false, specialLayout: false });
    assert.equal(body.data.areas.find((a: { area: string }) => a.area === 'chat').fallback.version, '1.0.0');
    const cookie = first.cookies.find((c) => c.name === 'qm_aid');
    assert.ok(cookie?.value);
    const second = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/remotes', cookies: { qm_aid: cookie.value } });
    assert.equal(second.cookies.length, 0, 'a known caller keeps its id');
  });

  it('keeps an anonymous caller in the same canary cohort across loads', async () => {
    await t.app.platform.canary('pay', '1.0.0', 50);
    const versions = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const response = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/remotes', cookies: { qm_aid: '00000000-0000-4000-8000-000000000001' } });
      versions.add(response.json().data.areas.find((a: { area: string }) => a.area === 'pay').version);
    }
    assert.equal(versions.size, 1);
    await t.app.platform.canary('pay', '1.0.0', 0);
  });

  it('records remote failures and rejects malformed reports clearly', async () => {
    const okReport = await t.app.server.inject(signed({ method: 'POST', url: '/app-api/platform/remote-errors', payload: { area: 'chat', version: '1.0.1-hotfix.2', stage: 'load', message: 'ScriptExternalLoadError', entry: null } }));
    assert.deepEqual(okReport.json(), { code: 0, data: null, msg: '' });
    const history = await t.app.platform.history('chat');
    assert.equal(history[0]!.kind, 'error');

    const malformed = await t.app.server.inject(signed({ method: 'POST', url: '/app-api/platform/remote-errors', headers: { 'content-type': 'application/json' }, payload: '{"area":' }));
    assert.equal(malformed.statusCode, 400);
    assert.deepEqual(malformed.json(), { code: 400, data: null, msg: '请求体不是合法的 JSON' });

    const invalid = await t.app.server.inject(signed({ method: 'POST', url: '/app-api/platform/remote-errors', payload: { area: 'chat', stage: 'explode' } }));
    assert.equal(invalid.json().code, 400);
    assert.match(invalid.json().msg, /^请求参数不正确/);

    const unknownArea = await t.app.server.inject(signed({ method: 'POST', url: '/app-api/platform/remote-errors', payload: { area: 'nope', version: null, stage: 'load', message: 'x' } }));
    assert.deepEqual(unknownArea.json(), { code: 400, data: null, msg: '未知区域：nope' });
  });

  it('lists the files a page load of a published release fetches, without a signature, for the service worker', async () => {
    const build = fakeRemoteBuild({ area: 'media', version: '2.0.0', appAssets: { js: ['expose.0123456789.js'], css: ['app.0123456789.css'], requires: [] } });
    fs.writeFileSync(path.join(build, 'page-chunks.json'), JSON.stringify({ 'page-painter': { js: ['page-painter.0123456789.js'], css: [] } }));
    for (const file of ['expose.0123456789.js', 'app.0123456789.css', 'page-painter.0123456789.js', 'mermaid.0123456789.js']) fs.writeFileSync(path.join(build, file), `/* ${file} */`);
    await t.app.platform.publish({ area: 'media', buildDir: build });
    const response = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/releases/media/2.0.0/files' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.deepEqual(response.json(), {
      code: 0,
      msg: '',
      data: { files: ['app.0123456789.css', 'expose.0123456789.js', 'mf-manifest.json', 'page-painter.0123456789.js', 'remoteEntry.js'] },
    });
    for (const file of response.json().data.files) {
      assert.equal((await t.app.server.inject({ method: 'GET', url: `/remotes/media/2.0.0/${file}` })).statusCode, 200, file);
    }

    const unknown = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/releases/media/9.9.9/files' });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { code: 404, data: null, msg: 'media 没有已发布的版本 9.9.9（先用 publish 或 push 发布）' });
    const unknownArea = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/releases/nope/1.0.0/files' });
    assert.equal(unknownArea.statusCode, 404);
  });

  it('lets registry changes over HTTP through only with the ops token', async () => {
    const anonymous = await t.app.server.inject({ method: 'POST', url: '/app-api/platform/ops/remotes/chat/rollback' });
    assert.equal(anonymous.statusCode, 401);
    const wrong = await t.app.server.inject({ method: 'POST', url: '/app-api/platform/ops/remotes/chat/rollback', headers: { authorization: 'Bearer nope' } });
    assert.equal(wrong.statusCode, 401);

    const auth = { authorization: 'Bearer ops-secret-token' };
    const rollback = await t.app.server.inject({ method: 'POST', url: '/app-api/platform/ops/remotes/chat/rollback', headers: auth });
    assert.deepEqual(rollback.json().data, { from: '1.0.1-hotfix.2', to: '1.0.0' });
    const activate = await t.app.server.inject({ method: 'POST', url: '/app-api/platform/ops/remotes/chat/activate', headers: auth, payload: { version: '1.0.1-hotfix.2' } });
    assert.equal(activate.json().code, 0);
    const missing = await t.app.server.inject({ method: 'POST', url: '/app-api/platform/ops/remotes/chat/activate', headers: auth, payload: { version: '5.0.0' } });
    assert.equal(missing.json().code, 400);
    const canary = await t.app.server.inject({ method: 'POST', url: '/app-api/platform/ops/remotes/chat/canary', headers: auth, payload: { version: '1.0.0', percent: 250 } });
    assert.equal(canary.json().code, 400);
    const list = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/ops/remotes', headers: auth });
    assert.equal(list.json().data.find((s: { area: string }) => s.area === 'chat').active, '1.0.1-hotfix.2');
  });

  it('refuses ops calls when no ops token is configured', async () => {
    const other = await createTestApp();
    try {
      const response = await other.app.server.inject({ method: 'GET', url: '/app-api/platform/ops/remotes', headers: { authorization: 'Bearer anything' } });
      assert.equal(response.statusCode, 403);
      assert.match(response.json().msg, /OPS_TOKEN/);
    } finally {
      await other.close();
    }
  });

  it('publishes the operator\'s contact channels, each null when not set', async () => {
    const unset = await t.app.server.inject(signed({ method: 'GET', url: '/app-api/platform/contact' }));
    assert.deepEqual(unset.json().data, { email: null, wechat: null, qrUrl: null, note: null, group: null });
    const other = await createTestApp({ CONTACT_EMAIL: 'help@example.com', CONTACT_WECHAT: 'qiming-help', CONTACT_NOTE: '工作日 9:00–18:00', CONTACT_GROUP: '815320466' });
    try {
      const set = await other.app.server.inject(signed({ method: 'GET', url: '/app-api/platform/contact' }));
      assert.deepEqual(set.json().data, { email: 'help@example.com', wechat: 'qiming-help', qrUrl: null, note: '工作日 9:00–18:00', group: '815320466' });
    } finally {
      await other.close();
    }
  });

  it('publishes the client downloads, each null when not set', async () => {
    const unset = await t.app.server.inject(signed({ method: 'GET', url: '/app-api/platform/downloads' }));
    assert.deepEqual(unset.json(), { code: 0, data: { windows: null, extension: null, android: null }, msg: '' });
    const other = await createTestApp({ DOWNLOAD_WINDOWS_URL: 'https://dl.example.com/qiming-setup.exe', DOWNLOAD_ANDROID_URL: 'https://dl.example.com/qiming.apk' });
    try {
      const set = await other.app.server.inject(signed({ method: 'GET', url: '/app-api/platform/downloads' }));
      assert.deepEqual(set.json().data, { windows: 'https://dl.example.com/qiming-setup.exe', extension: null, android: 'https://dl.example.com/qiming.apk' });
    } finally {
      await other.close();
    }
  });

  it('carries the international edition and the page-wide switches in the registry, still under 2 KiB', async () => {
    const other = await createTestApp({ SITE_EDITION: 'international', SITE_GUARDS: 'true', SITE_SPECIAL_LAYOUT: 'true', API_SITE_URL: 'https://api.example.com/console' });
    try {
      for (const area of ['account', 'chat', 'media', 'pay', 'toolbox']) {
        await other.app.platform.publish({ area, buildDir: fakeRemoteBuild({ area, version: '1.0.0-international.12' }) });
        await other.app.platform.publish({ area, buildDir: fakeRemoteBuild({ area, version: '1.0.1-international.13' }) });
        await other.app.platform.activate(area, '1.0.0-international.12');
        await other.app.platform.activate(area, '1.0.1-international.13');
      }
      const response = await other.app.server.inject(signed({ method: 'GET', url: '/app-api/platform/remotes' }));
      assert.ok(response.rawPayload.length <= 2048, `registry is ${response.rawPayload.length} bytes`);
      const registry = response.json().data;
      assert.deepEqual(registry.site, { edition: 'international', locale: 'en-US', guards: true, specialLayout: true });
      assert.equal(registry.apiSite, 'https://api.example.com/console');
    } finally {
      await other.close();
    }
  });
});
