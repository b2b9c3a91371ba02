import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { HongSceneList } from '@qiming/contracts';
import { signed } from '../../testing/signature.js';
import { signedServer } from '../../testing/signedServer.js';
import { roleplayRoutes } from './routes.js';
import { HONG_SCENES } from './scenes.js';

const URL = '/app-api/backend-api/getHongScenes';

describe('哄哄模拟器 scenes HTTP route', () => {
  let served: Awaited<ReturnType<typeof signedServer>>;
  before(async () => {
    served = await signedServer(roleplayRoutes);
  });
  after(() => served.close());

  const get = (headers: Record<string, string> = {}) => served.server.inject(signed({ method: 'GET', url: URL, headers }));

  it('serves the scenes without login, in the contract shape', async () => {
    const response = await get();
    assert.equal(response.statusCode, 200);
    const body = response.json() as { code: number; data: HongSceneList; msg: string };
    assert.equal(body.code, 0);
    assert.deepEqual(Object.keys(body.data), ['scenes']);
    assert.deepEqual(body.data.scenes, HONG_SCENES);
    for (const scene of body.data.scenes) {
      assert.deepEqual(Object.keys(scene).sort(), ['code', 'maxTries', 'opening', 'partnerName', 'partnerRole', 'scene', 'target', 'title']);
      assert.deepEqual([scene.maxTries, scene.target], [10, 100]);
    }
  });

  it('has an ETag and answers 304 to a matching If-None-Match', async () => {
    const etag = (await get()).headers.etag as string;
    assert.match(etag, /^"[\w-]{22}"$/);
    const cached = await get({ 'if-none-match': etag });
    assert.equal(cached.statusCode, 304);
    assert.equal(cached.body, '');
    assert.equal((await get({ 'if-none-match': '"stale"' })).statusCode, 200);
  });

  it('needs the request signature', async () => {
    const response = await served.server.inject({ method: 'GET', url: URL });
    assert.equal(response.json().code, 4001);
  });
});
