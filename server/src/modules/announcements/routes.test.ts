import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AnnouncementsPayload } from '@qiming/contracts';
import { signed } from '../../testing/signature.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';

describe(`announcements HTTP API (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const get = (headers: Record<string, string> = {}) => t.app.server.inject(signed({ method: 'GET', url: '/app-api/platform/announcements', headers }));

  before(async () => {
    t = await createTestApp({ API_SITE_URL: 'https://api.example.com' });
  });
  after(() => t.close());

  it('serves the seeded payload without login, with an ETag', async () => {
    const response = await get();
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.match(String(response.headers.etag), /^"[\w-]{22}"$/);
    const { code, data } = response.json() as { code: number; data: AnnouncementsPayload };
    assert.equal(code, 0);
    assert.deepEqual(Object.keys(data).sort(), ['activity', 'links', 'notice', 'promos', 'topBanner', 'updates']);
    assert.equal(data.notice.version, 146);
    assert.deepEqual(Object.keys(data.notice.items[0]!).sort(), ['content', 'id', 'routeUrl', 'title', 'updateTime']);
    assert.deepEqual(data.links, [{ kind: 'api', url: 'https://api.example.com' }]);
  });

  it('answers 304 while nothing changed, and the new payload after an ops change', async () => {
    const first = await get();
    const etag = String(first.headers.etag);
    const unchanged = await get({ 'if-none-match': etag });
    assert.equal(unchanged.statusCode, 304);
    assert.equal(unchanged.body, '');

    await t.app.announcements.addItem({ channel: 'notice', title: 'Grok 3 Re 上线', content: '推理增强版。', model: 'grok-3-re' });
    const changed = await get({ 'if-none-match': etag });
    assert.equal(changed.statusCode, 200);
    assert.notEqual(changed.headers.etag, etag);
    const data = changed.json().data as AnnouncementsPayload;
    assert.equal(data.notice.version, 147);
    assert.equal(data.notice.items[0]!.routeUrl, '/chatPage?model=grok-3-re');
  });

  it('refuses a model the running catalogue does not know', async () => {
    await assert.rejects(t.app.announcements.addItem({ channel: 'notice', title: 'T', content: 'C', model: 'no-such-model' }), /模型目录里没有模型 no-such-model/);
  });
});
