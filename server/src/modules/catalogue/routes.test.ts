import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelCatalogue } from '@qiming/contracts';
import { openDatabase, type Db } from '../../db/database.js';
import { signed } from '../../testing/signature.js';
import { signedServer } from '../../testing/signedServer.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { createCatalogue, type Catalogue } from './catalogue.js';
import { CatalogueEditor } from './editor.js';
import { MODEL_ICONS } from './icons.js';
import { CatalogueRepository } from './repository.js';
import { catalogueRoutes } from './routes.js';
import { OFFLINE_ONLY } from './snapshot.js';
import { silentLog } from '../../log.js';

const OPTIONS_URL = '/app-api/backend-api/getModelOptions';

describe(`catalogue HTTP routes (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let catalogue: Catalogue;
  let server: Awaited<ReturnType<typeof signedServer>>['server'];
  let closeServer: () => Promise<void>;
  let realChannels = new Set<string>();

  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
    catalogue = await createCatalogue(db.db, { scheduler: () => ({ stop() {} }), log: silentLog });
    ({ server, close: closeServer } = await signedServer(catalogueRoutes, { catalogue, serving: { hasRealChannel: (id: string) => realChannels.has(id), webSearchAvailable: (id: string) => !realChannels.has(id) } }));
  });
  after(async () => {
    await closeServer();
    await catalogue.close();
    await db.close();
    await storage.cleanup();
  });

  const getOptions = (headers: Record<string, string> = {}) => server.inject(signed({ method: 'GET', url: OPTIONS_URL, headers }));

  it('serves the catalogue without login, with an ETag, and 304 for a matching If-None-Match', async () => {
    const response = await getOptions();
    assert.equal(response.statusCode, 200);
    const body = response.json() as { code: number; data: ModelCatalogue; msg: string };
    assert.equal(body.code, 0);
    assert.deepEqual(Object.keys(body.data).sort(), ['canUploadFileModels', 'options', 'optionsOrigion', 'textOptions', 'version']);
    assert.equal(body.data.options.length, body.data.optionsOrigion.length);
    assert.equal(body.data.textOptions.length, 23);
    const gpt4o = body.data.options.find((o) => o.value === 'gpt-4o')!;
    assert.deepEqual([gpt4o.modelprice, gpt4o.offlineDemo, gpt4o.canUpload, gpt4o.textOnly], ['600积分/次', true, true, true]);
    const etag = response.headers.etag as string;
    assert.equal(etag, `"${body.data.version}"`);
    assert.equal(response.headers['cache-control'], 'no-cache');

    const cached = await getOptions({ 'if-none-match': etag });
    assert.equal(cached.statusCode, 304);
    assert.equal(cached.body, '');
    assert.equal(cached.headers.etag, etag);
    assert.equal((await getOptions({ 'if-none-match': `"other", W/${etag}` })).statusCode, 304, 'a list with the weak form');
    assert.equal((await getOptions({ 'if-none-match': '"stale"' })).statusCode, 200);
  });

  it('changes the ETag when ops changes the catalogue or a model gets a real channel', async () => {
    const first = (await getOptions()).headers.etag;
    await new CatalogueEditor(new CatalogueRepository(db.db), () => new Date()).set('gpt-4o', 'stars', 9);
    await catalogue.refresh();
    const changed = await getOptions({ 'if-none-match': first as string });
    assert.equal(changed.statusCode, 200, 'the old ETag no longer matches');
    assert.equal((changed.json().data as ModelCatalogue).options.find((o) => o.value === 'gpt-4o')!.stars, 9);

    realChannels = new Set(['gpt-4o']);
    const withChannel = await getOptions({ 'if-none-match': changed.headers.etag as string });
    assert.equal(withChannel.statusCode, 200);
    const options = (withChannel.json().data as ModelCatalogue).options;
    assert.equal(options.find((o) => o.value === 'gpt-4o')!.offlineDemo, false);
    assert.equal(options.find((o) => o.value === 'gpt-4o-mini')!.offlineDemo, true);
    assert.equal(options.find((o) => o.value === 'gpt-4o')!.webSearchAvailable, false, 'the channels decide where 联网搜索 can run');
    assert.equal(options.find((o) => o.value === 'gpt-4o-mini')!.webSearchAvailable, true);
  });

  it('needs the request signature', async () => {
    const response = await server.inject({ method: 'GET', url: OPTIONS_URL });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().code, 4001);
  });

  it('serves the icons without a signature, immutable, and nothing else', async () => {
    const url = (catalogue.modelCatalogue(OFFLINE_ONLY).options.find((o) => o.value === 'claude-opus-4')!).icon;
    assert.match(url, /^\/app-api\/public\/model-icons\/claude\.svg\?v=[0-9a-f]+$/);
    const icon = await server.inject({ method: 'GET', url });
    assert.equal(icon.statusCode, 200);
    assert.equal(icon.headers['content-type'], 'image/svg+xml; charset=utf-8');
    assert.equal(icon.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(icon.body, MODEL_ICONS.get('claude')!.toString('utf8'));
    assert.match(icon.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    for (const bad of ['nope.svg', 'claude', 'claude.png', 'CLAUDE.svg', '..%2Fcatalogue.ts', '..%2F..%2Ficons%2Fclaude.svg', '%2E%2E%2Fgpt.svg']) {
      const response = await server.inject({ method: 'GET', url: `/app-api/public/model-icons/${bad}` });
      assert.equal(response.statusCode, 404, bad);
      assert.deepEqual(response.json(), { code: 404, data: null, msg: '图标不存在' }, bad);
    }
    // A NUL byte is refused like in any other request field, before the route (http/controlCharacters.ts).
    const nul = await server.inject({ method: 'GET', url: '/app-api/public/model-icons/claude.svg%00.png' });
    assert.deepEqual(nul.json(), { code: 400, data: null, msg: '请求参数不正确：file 不能包含控制字符' });
    const traversal = await server.inject({ method: 'GET', url: '/app-api/public/model-icons/../../../package.json' });
    assert.notEqual(traversal.statusCode, 200);
    assert.ok(!traversal.body.includes('"name"'), 'no file outside the icons');
  });
});
