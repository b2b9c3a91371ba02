import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AGENT_CODES, AGENT_LIMITS, type AgentApp, type AgentCategory, type AgentPage, type FavouriteApp, type FavouriteAppPage } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, envelope, registeredUser } from '../../testing/accounts.js';
import { signForTest } from '../../testing/signature.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { MODEL_ICON_SET } from '../catalogue/icons.js';
import { AGENT_ICONS } from './builtIn/icons.js';
import { BUILT_IN_AGENTS } from './builtIn/catalogue.js';
import { multipart, plainPng } from '../uploads/testFiles.js';
import { AGENT_IMAGE_PATH } from './images.js';

const POLISHER = BUILT_IN_AGENTS.find((seed) => seed.slug === 'text-polisher')!;
const POLISHER_CODE = `gpt-4-gizmo-g-${POLISHER.slug}`;

type User = Awaited<ReturnType<typeof registeredUser>>;

const agentInput = (overrides: Record<string, unknown> = {}) => ({
  appName: '周报助手',
  description: '把零散的工作记录整理成周报',
  systemPrompt: '你是一位周报写作助手。',
  question1: '帮我写本周周报',
  mannulModel: 'gpt-4o-mini',
  kind1: 'work',
  ...overrides,
});

describe(`agents API (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const server = () => t.app.server;
  const create = (user: User, overrides: Record<string, unknown> = {}) => data<AgentApp>(server(), 'POST', 'backend-api/createApp', { token: user.token, payload: agentInput(overrides) });
  const refusal = async (user: User | null, method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const answer = await envelope(server(), method, path, { ...(user ? { token: user.token } : {}), ...(payload === undefined ? {} : { payload }) });
    return { code: answer.code, msg: answer.msg };
  };
  const byCode = (user: User | null, code: string) => envelope<AgentApp>(server(), 'GET', `backend-api/getAppByCode?gptsId=${encodeURIComponent(code)}`, user ? { token: user.token } : {});

  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    alice = await registeredUser(server());
    bob = await registeredUser(server());
  });
  after(() => t.close());

  it('creates an agent the owner reads in full; another user cannot read, change or delete a private one (2401)', async () => {
    const app = await create(alice);
    assert.match(app.code, /^gpt-4-gizmo-g-user-c-[0-9a-f]{16}$/);
    assert.deepEqual([app.isCustom, app.isPublic, app.mine, app.systemPrompt, app.kind1, app.uses, app.colled], [1, 0, true, '你是一位周报写作助手。', 'work', 0, 0]);
    assert.equal(app.author, alice.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2'));
    assert.equal((await byCode(alice, app.code)).data.appName, '周报助手');

    assert.deepEqual(await refusal(bob, 'GET', `backend-api/getAppByCode?gptsId=${app.code}`), { code: AGENT_CODES.notFound, msg: '智能体不存在或已下架' });
    assert.equal((await refusal(null, 'GET', `backend-api/getAppByCode?gptsId=${app.code}`)).code, AGENT_CODES.notFound);
    assert.equal((await refusal(bob, 'POST', 'backend-api/updateApp', { id: app.id, appName: '抢来的' })).code, AGENT_CODES.notFound);
    assert.equal((await refusal(bob, 'POST', 'backend-api/deleteApp', { id: app.id })).code, AGENT_CODES.notFound);
    assert.equal((await byCode(alice, app.code)).data.appName, '周报助手', 'unchanged');
  });

  it('a public agent: everyone reads it (signed out too, without its prompt); only the owner edits (2402) or deletes; deleted is gone', async () => {
    const app = await create(alice, { isPublic: 1 });
    const seenByBob = (await byCode(bob, app.code)).data;
    assert.deepEqual([seenByBob.mine, seenByBob.systemPrompt, seenByBob.appName], [false, null, '周报助手']);
    assert.equal((await byCode(null, app.code)).data.colled, 0);
    assert.deepEqual(await refusal(bob, 'POST', 'backend-api/updateApp', { id: app.id, appName: '抢来的' }), { code: AGENT_CODES.notOwner, msg: '无权修改该智能体' });
    assert.equal((await refusal(bob, 'POST', 'backend-api/deleteApp', { id: app.id })).code, AGENT_CODES.notOwner);

    const updated = await data<AgentApp>(server(), 'POST', 'backend-api/updateApp', { token: alice.token, payload: { id: app.id, description: '新的简介' } });
    assert.deepEqual([updated.description, updated.appName, updated.question1], ['新的简介', '周报助手', '帮我写本周周报'], 'fields left out keep their value');

    assert.equal(await data(server(), 'POST', 'backend-api/deleteApp', { token: alice.token, payload: { id: app.id } }), null);
    assert.equal((await byCode(alice, app.code)).code, AGENT_CODES.notFound);
    assert.equal((await byCode(bob, app.code)).code, AGENT_CODES.notFound);
    const mine = await data<AgentPage>(server(), 'POST', 'backend-api/getMyApp', { token: alice.token, payload: { pageNo: 1, pageSize: 20 } });
    assert.ok(!mine.list.some((a) => a.id === app.id));
    const row = await t.app.db.db.selectFrom('agents').select('deleted_at').where('id', '=', app.id).executeTakeFirstOrThrow();
    assert.ok(row.deleted_at, 'soft-deleted: the row stays');
  });

  it('refuses over-long fields (2405 naming the field), banned words (2404 naming the field), unknown models and categories', async () => {
    const tooLong = 'x'.repeat(AGENT_LIMITS.appName + 1);
    assert.deepEqual(await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ appName: tooLong })), { code: AGENT_CODES.invalidField, msg: '名称不能超过30个字' });
    // Characters, not UTF-16 units: 30 emoji are 30 characters.
    await create(alice, { appName: '😀'.repeat(AGENT_LIMITS.appName) });
    assert.equal((await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ question3: '问'.repeat(101) }))).msg, '问题3不能超过100个字');
    assert.equal((await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ appName: '  ' }))).msg, '请填写名称');
    for (const [field, label] of [['appName', '名称'], ['description', '简介'], ['systemPrompt', '提示词'], ['question2', '问题2']] as const) {
      assert.deepEqual(await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ [field]: '教我 颠覆 国家政权' })), { code: AGENT_CODES.bannedWords, msg: `${label}包含违规词，请修改后再提交` });
    }
    for (const model of ['dall-e-3', 'no-such-model', 'gpts', 'suno']) {
      assert.equal((await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ mannulModel: model }))).code, AGENT_CODES.invalidField, model);
    }
    assert.equal((await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ kind1: 'nonsense' }))).code, 400);
    assert.equal((await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ hongScene: 'hong-no-such' }))).msg, '角色扮演场景不存在，请重新选择');
    assert.equal((await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ mcps: Array.from({ length: 11 }, (_, i) => `ext${i}`) }))).msg, '扩展最多选择10个');
  });

  it('images: built-in icons and the author’s own uploaded images only', async () => {
    const image = async (user: User, kind: 'image' | 'pdf') => {
      const id = `${kind}${user.id}`.replace(/[^A-Za-z0-9]/g, '').padEnd(24, 'x').slice(0, 24);
      await t.app.db.db.insertInto('chat_uploads').values({ id, user_id: user.id, name: 'a.png', mime: 'image/png', kind, size: 1, sha256: '', text: '', ocr: 0, created_at: new Date().toISOString() }).execute();
      return `/app-api/backend-api/uploadedFile/${id}`;
    };
    const own = await image(alice, 'image');
    const bobs = await image(bob, 'image');
    const pdf = await image(alice, 'pdf');
    const agentIcon = AGENT_ICONS.url([...AGENT_ICONS.icons.keys()][0]!);
    const modelIcon = MODEL_ICON_SET.url([...MODEL_ICON_SET.icons.keys()][0]!);
    const app = await create(alice, { appUrl: own, assistantUrl: agentIcon, imageUrlYour: modelIcon });
    const ownPublic = own.replace('/app-api/backend-api/uploadedFile', AGENT_IMAGE_PATH);
    assert.deepEqual([app.appUrl, app.assistantUrl, app.imageUrlYour], [ownPublic, agentIcon, modelIcon], 'an upload is kept by its public URL');
    assert.equal((await data<AgentApp>(server(), 'POST', 'backend-api/updateApp', { token: alice.token, payload: { id: app.id, appUrl: ownPublic } })).appUrl, ownPublic, 'the public URL is accepted back');
    for (const [url, field] of [[bobs, '图标'], [pdf, '图标'], ['https://example.com/a.png', '图标'], [`${own}/../x`, '图标'], ['/app-api/public/agent-icons/nope.svg', '图标']] as const) {
      assert.deepEqual(await refusal(alice, 'POST', 'backend-api/createApp', agentInput({ appUrl: url })), { code: AGENT_CODES.invalidField, msg: `${field}不是可用的图片，请上传图片或选择内置图标` }, url);
    }
    assert.equal((await refusal(alice, 'POST', 'backend-api/updateApp', { id: app.id, imageUrlParteners: bobs })).msg, '对方头像不是可用的图片，请上传图片或选择内置图标');
  });

  it('shows an uploaded agent image to anyone, without a token, while a live agent uses it', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'icon.png', value: plainPng(8, 8), contentType: 'image/png' }]);
    const uploaded = await data<{ url: string }>(server(), 'POST', 'backend-api/uploadChatKnowledge2', { token: alice.token, payload, headers });
    const get = (url: string) => t.app.server.inject({ method: 'GET', url });
    const publicUrl = `${AGENT_IMAGE_PATH}/${uploaded.url.split('/').at(-1)}`;
    assert.equal((await get(publicUrl)).statusCode, 404, 'an upload no agent uses stays private');
    const app = await create(alice, { appUrl: uploaded.url, isPublic: 1 });
    assert.equal(app.appUrl, publicUrl);
    const shown = await get(publicUrl);
    assert.equal(shown.statusCode, 200);
    assert.equal(shown.headers['content-type'], 'image/png');
    assert.equal(shown.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(shown.rawPayload, plainPng(8, 8));
    assert.equal((await get(`${AGENT_IMAGE_PATH}/..%2F..%2Fetc`)).statusCode, 404);
    await data(server(), 'POST', 'backend-api/deleteApp', { token: alice.token, payload: { id: app.id } });
    assert.equal((await get(publicUrl)).statusCode, 404, 'gone with its agent');
  });

  it('search in name and description, case-insensitive, % and _ taken literally; category filter; paging from 1, at most 20', async () => {
    const carol = await registeredUser(server());
    const tag = `q${Date.now() % 100000}`;
    await create(carol, { appName: `${tag} 100%满分`, description: '普通', isPublic: 1, kind1: 'study' });
    await create(carol, { appName: `${tag} a_b`, description: '普通', isPublic: 1, kind1: 'study' });
    await create(carol, { appName: `${tag} AbC`, description: '普通', isPublic: 1, kind1: 'fun' });
    await create(carol, { appName: '另一个', description: `描述里有 ${tag.toUpperCase()}`, isPublic: 1, kind1: 'fun' });
    await create(carol, { appName: `${tag} 私有的 abc`, isPublic: 0 });
    const search = (payload: Record<string, unknown>, user: User | null = bob) =>
      data<AgentPage>(server(), 'POST', 'backend-api/getPublicApp', { ...(user ? { token: user.token } : {}), payload: { pageNo: 1, pageSize: 20, ...payload } });
    const names = (page: AgentPage) => page.list.map((a) => a.appName).sort();

    assert.deepEqual(names(await search({ keyWord: `${tag} abc` })), [`${tag} AbC`]);
    assert.deepEqual(names(await search({ keyWord: `${tag.toUpperCase()}` })).length, 4, 'name or description, private left out');
    assert.deepEqual(names(await search({ keyWord: '100%' })), [`${tag} 100%满分`]);
    assert.deepEqual(names(await search({ keyWord: `${tag} %` })), [], 'a % is a percent sign, not a wildcard');
    assert.deepEqual(names(await search({ keyWord: 'a_b' })), [`${tag} a_b`]);
    assert.deepEqual(names(await search({ keyWord: '_' })), [`${tag} a_b`]);
    assert.deepEqual(names(await search({ keyWord: tag, kind1: 'study' })), [`${tag} 100%满分`, `${tag} a_b`]);
    assert.equal((await search({ keyWord: tag }, null)).total, 4, 'signed out too');
    assert.equal((await refusal(bob, 'POST', 'backend-api/getPublicApp', { pageNo: 1, pageSize: 20, keyWord: 'x'.repeat(51) })).msg, '搜索关键词不能超过50个字');

    const first = await search({ keyWord: tag, pageSize: 3 });
    const second = await search({ keyWord: tag, pageSize: 3, pageNo: 2 });
    assert.deepEqual([first.total, first.list.length, second.list.length], [4, 3, 1]);
    assert.equal(new Set([...first.list, ...second.list].map((a) => a.id)).size, 4);
    assert.equal((await refusal(bob, 'POST', 'backend-api/getPublicApp', { pageNo: 1, pageSize: 21 })).code, 400);
    assert.equal((await refusal(bob, 'POST', 'backend-api/getPublicApp', { pageNo: 0, pageSize: 20 })).code, 400);

    const mine = await data<AgentPage>(server(), 'POST', 'backend-api/getMyApp', { token: carol.token, payload: { pageNo: 1, pageSize: 20 } });
    assert.equal(mine.total, 5);
    assert.equal(mine.list[0]!.appName, `${tag} 私有的 abc`, 'newest first');
  });

  it('lists need login except getAppByCode, getAppByType, getPublicApp and getPubFuncCallApp; built-in apps and categories', async () => {
    for (const path of ['appPage', 'getMyApp', 'favAppPage', 'createApp', 'addOrUpdateFavApp', 'delFavApp']) {
      const response = await t.app.server.inject({ method: 'POST', url: `/app-api/backend-api/${path}`, payload: {}, headers: signForTest() });
      assert.equal(response.statusCode, 401, path);
    }
    const builtIns = await data<AgentPage>(server(), 'POST', 'backend-api/appPage', { token: bob.token, payload: { pageNo: 1, pageSize: 20 } });
    assert.ok(builtIns.total >= 2);
    const builtInCodes = new Set<string>();
    for (let page = 1; builtInCodes.size < builtIns.total; page++) {
      for (const app of (await data<AgentPage>(server(), 'POST', 'backend-api/appPage', { token: bob.token, payload: { pageNo: page, pageSize: 20 } })).list) builtInCodes.add(app.code);
    }
    assert.deepEqual([...builtInCodes].sort(), BUILT_IN_AGENTS.map((seed) => `gpt-4-gizmo-g-${seed.slug}`).sort(), 'every seed, on pages of 20');
    const writing = (await data<AgentApp>(server(), 'GET', `backend-api/getAppByCode?gptsId=${POLISHER_CODE}`, { token: bob.token }));
    assert.deepEqual([writing.isCustom, writing.isPublic, writing.author, writing.appName, writing.mine], [0, 1, '启明 AI', POLISHER.appName, false]);
    assert.match(writing.appUrl!, /^\/app-api\/public\/agent-icons\/text-polisher\.svg\?v=[0-9a-f]{10}$/);
    assert.ok(writing.systemPrompt, "a built-in app's prompt is public");
    const icon = await t.app.server.inject({ method: 'GET', url: writing.appUrl! });
    assert.equal(icon.statusCode, 200);
    assert.match(String(icon.headers['cache-control']), /immutable/);
    assert.equal((await t.app.server.inject({ method: 'GET', url: '/app-api/public/agent-icons/..%2Fseed.ts' })).statusCode, 404);

    const categories = await data<AgentCategory[]>(server(), 'GET', 'backend-api/getAppByType', {});
    assert.ok((await data<AgentPage>(server(), 'POST', 'backend-api/getPubFuncCallApp', { payload: { pageNo: 1, pageSize: 20 } })).list.every((app) => app.mcps.length > 0), 'public plug-ins, signed out');
    assert.deepEqual(categories.map((c) => c.kind1), ['writing', 'coding', 'study', 'work', 'translation', 'life', 'fun', 'roleplay', 'image', 'other']);
    assert.equal(categories[0]!.name, '写作');
    assert.ok(categories.find((c) => c.kind1 === 'writing')!.count >= 1);
  });

  it('favourites: idempotent per code (a second call renames), colled follows them, delFavApp idempotent; the code must be a model or a visible agent', async () => {
    const dave = await registeredUser(server());
    const app = await create(alice, { isPublic: 1, appName: '收藏测试' });
    const fav = (payload: Record<string, unknown>) => data<FavouriteApp>(server(), 'POST', 'backend-api/addOrUpdateFavApp', { token: dave.token, payload });
    const first = await fav({ appName: '我的周报', code: app.code, coment: '好用' });
    const second = await fav({ appName: '周报神器', code: app.code, coment: '' });
    assert.equal(second.id, first.id);
    assert.equal(second.app?.colled, 1);
    await fav({ appName: 'GPT-4o', code: 'gpt-4o', coment: '' });
    const page = await data<FavouriteAppPage>(server(), 'POST', 'backend-api/favAppPage', { token: dave.token, payload: { pageNo: 1, pageSize: 20 } });
    assert.equal(page.total, 2);
    const saved = page.list.find((f) => f.code === app.code)!;
    assert.deepEqual([saved.appName, saved.coment, saved.app?.appName], ['周报神器', '', '收藏测试']);
    assert.equal(page.list.find((f) => f.code === 'gpt-4o')!.app, null);
    assert.equal((await byCode(dave, app.code)).data.colled, 1);
    assert.equal((await byCode(bob, app.code)).data.colled, 0, "another user's favourites are not the caller's");

    const privateOne = await create(alice);
    assert.deepEqual(await refusal(dave, 'POST', 'backend-api/addOrUpdateFavApp', { appName: 'x', code: privateOne.code, coment: '' }), { code: AGENT_CODES.invalidField, msg: '收藏的模型或智能体不存在' });
    assert.equal((await refusal(dave, 'POST', 'backend-api/addOrUpdateFavApp', { appName: 'x', code: 'no-such-model', coment: '' })).code, AGENT_CODES.invalidField);
    assert.equal((await refusal(dave, 'POST', 'backend-api/addOrUpdateFavApp', { appName: '颠覆国家政权', code: 'gpt-4o', coment: '' })).code, AGENT_CODES.bannedWords);

    assert.equal(await data(server(), 'POST', 'backend-api/delFavApp', { token: dave.token, payload: { code: app.code } }), null);
    assert.equal(await data(server(), 'POST', 'backend-api/delFavApp', { token: dave.token, payload: { code: app.code } }), null);
    assert.equal((await byCode(dave, app.code)).data.colled, 0);
  });

  it(`at most ${AGENT_LIMITS.perUser} agents per user (2403); deleting one frees a place`, async () => {
    const erin = await registeredUser(server());
    let last: AgentApp | undefined;
    for (let i = 0; i < AGENT_LIMITS.perUser; i++) last = await create(erin, { appName: `智能体${i}` });
    assert.deepEqual(await refusal(erin, 'POST', 'backend-api/createApp', agentInput()), { code: AGENT_CODES.tooMany, msg: `智能体数量已达上限（${AGENT_LIMITS.perUser} 个）` });
    await data(server(), 'POST', 'backend-api/deleteApp', { token: erin.token, payload: { id: last!.id } });
    await create(erin);
  });
});

describe(`agents API, international edition (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let user: User;
  before(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, SITE_EDITION: 'international' });
    user = await registeredUser(t.app.server);
  });
  after(() => t.close());

  it('refusals in English, category names in English, built-in apps in their English texts', async () => {
    const tooLong = await envelope(t.app.server, 'POST', 'backend-api/createApp', { token: user.token, payload: agentInput({ appName: 'x'.repeat(31) }) });
    assert.deepEqual([tooLong.code, tooLong.msg], [AGENT_CODES.invalidField, 'The name may not exceed 30 characters']);
    const banned = await envelope(t.app.server, 'POST', 'backend-api/createApp', { token: user.token, payload: agentInput({ systemPrompt: '颠覆国家政权' }) });
    assert.equal(banned.msg, 'The prompt contains banned words; please change it');
    const missing = await envelope(t.app.server, 'GET', 'backend-api/getAppByCode?gptsId=gpt-4-gizmo-g-user-c-nothing', { token: user.token });
    assert.equal(missing.msg, 'The agent does not exist or was taken down');

    const categories = await data<AgentCategory[]>(t.app.server, 'GET', 'backend-api/getAppByType', { token: user.token });
    assert.deepEqual(categories.map((c) => c.name), ['Writing', 'Coding', 'Study', 'Work', 'Translation', 'Life', 'Fun', 'Role play', 'Drawing', 'Other']);
    const writing = await data<AgentApp>(t.app.server, 'GET', `backend-api/getAppByCode?gptsId=${POLISHER_CODE}`, { token: user.token });
    assert.deepEqual([writing.appName, writing.author, writing.question1], [POLISHER.en.appName, 'Qiming AI', POLISHER.en.questions[0]]);
    const found = await data<AgentPage>(t.app.server, 'POST', 'backend-api/getPublicApp', { payload: { pageNo: 1, pageSize: 20, keyWord: POLISHER.en.appName.toUpperCase() } });
    assert.ok(found.list.some((a) => a.code === POLISHER_CODE), 'search reads the English texts');
  });
});
