import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RESOURCE_CODES, type ResourceCategory, type ResourceItem } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, envelope, registeredUser } from '../../testing/accounts.js';
import { silentLog } from '../../log.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { OpsInputError } from '../module.js';
import { directoryProblems } from './directoryFile.js';
import { createResourcesModule } from './index.js';
import { SEED_DIRECTORY } from './seed/directory.js';

const itemsOf = (tree: ResourceCategory[]): ResourceItem[] =>
  tree.flatMap((node) => node.subItems.flatMap((child) => (child.kind === 'item' ? [child] : itemsOf([child]))));
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe(`resource directory (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-resources-'));
  const file = (name: string, content: string | Buffer) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, content);
    return at;
  };
  const ops = async (...argv: string[]) => {
    const module = await createResourcesModule({ db: t.app.db.db, sharedState: t.app.sharedState, blobs: t.app.blobs, userIdOf: async () => null, now: () => new Date(), log: silentLog });
    const lines: string[] = [];
    await module.opsCommands!.resources!.run(argv, (line) => lines.push(line));
    return lines.join('\n');
  };
  const refusal = async (...argv: string[]) => {
    try {
      await ops(...argv);
    } catch (error) {
      assert.ok(error instanceof OpsInputError, String(error));
      return error.message;
    }
    assert.fail(`accepted: ${argv.join(' ')}`);
  };
  const tree = () => data<ResourceCategory[]>(t.app.server, 'GET', 'resource/getAllItemsTree');
  const find = async (id: string) => itemsOf(await tree()).find((item) => item.id === id);

  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the seed passes the import checks: at least 120 real items in at least 10 categories, https addresses', () => {
    const { file: seed, problems } = directoryProblems(SEED_DIRECTORY, { parents: new Map() });
    assert.deepEqual(problems, []);
    assert.ok(seed!.items.length >= 120, `${seed!.items.length} items`);
    assert.ok(seed!.categories.filter((c) => c.parent === null).length >= 10);
    for (const item of seed!.items) assert.match(item.url, /^https:\/\//, item.id);
  });

  it('serves the tree signed out, by GET and POST, categories → sub-categories → items with subItems', async () => {
    const viaGet = await tree();
    const viaPost = await data<ResourceCategory[]>(t.app.server, 'POST', 'resource/getAllItemsTree');
    assert.deepEqual(viaPost, viaGet);
    assert.equal(viaGet[0]!.itemName, 'AI 对话');
    assert.equal(viaGet[0]!.imgUrl, '');
    const domestic = viaGet[0]!.subItems[0] as ResourceCategory;
    assert.equal(domestic.kind, 'category');
    assert.equal(domestic.itemName, '国内大模型');
    const deepseek = domestic.subItems[0] as ResourceItem;
    assert.deepEqual(deepseek, {
      kind: 'item',
      id: 'deepseek',
      itemName: 'DeepSeek',
      tooltip: '深度求索的对话助手，深度思考模式擅长数学、推理与代码',
      link: 'https://chat.deepseek.com',
      imgUrl: null,
      tags: ['推理', '免费'],
      subItems: [],
    });
    assert.equal(itemsOf(viaGet).length, SEED_DIRECTORY.items!.length);
  });

  it('hide leaves an item out of the tree, show brings it back; unknown ids are refused', async () => {
    assert.match(await ops('hide', 'kimi'), /已隐藏 kimi（Kimi）/);
    assert.equal(await find('kimi'), undefined);
    assert.match(await ops('show', 'kimi'), /已重新显示 kimi/);
    assert.ok(await find('kimi'));
    assert.equal(await refusal('hide', 'no-such'), '没有 id 为 no-such 的条目');
    assert.match(await refusal('hide'), /缺少参数：条目 id/);
  });

  it('a category whose items are all hidden is left out', async () => {
    const music = ['suno', 'udio', 'stable-audio'];
    for (const id of music) await ops('hide', id);
    const audio = (await tree()).find((c) => c.id === 'audio')!;
    assert.deepEqual(audio.subItems.map((s) => s.id), ['audio-voice']);
    for (const id of music) await ops('show', id);
  });

  it('import is all-or-nothing: one bad entry and nothing is written, every problem is named', async () => {
    const bad = file(
      'bad.json',
      JSON.stringify({
        categories: [{ id: 'robots', name: '机器人' }],
        items: [
          { id: 'robot-a', name: '机器人 A', description: '一个好条目', url: 'https://robot-a.example.com', category: 'robots' },
          { id: 'robot-b', name: '机器人 B', description: '网址不对', url: 'ftp://robot-b.example.com', category: 'robots' },
          { id: 'robot-c', name: '', description: '没有名字', url: 'https://c.example.com', category: 'nowhere' },
        ],
      }),
    );
    const message = await refusal('import', bad);
    assert.match(message, /有 \d 处错误，没有写入任何内容/);
    assert.match(message, /items\.1\.url：url 必须是以 http:\/\/ 或 https:\/\/ 开头的完整网址/);
    assert.match(message, /items\.2\.name：名称不能为空/);
    assert.equal(await find('robot-a'), undefined);
    assert.equal((await tree()).find((c) => c.id === 'robots'), undefined);

    const references = file('refs.json', JSON.stringify({ items: [{ id: 'robot-c', name: 'C', description: 'C', url: 'https://c.example.com', category: 'nowhere' }] }));
    assert.match(await refusal('import', references), /items\[0\]（robot-c）：分类 nowhere 不存在/);
    assert.match(await refusal('import', file('broken.json', '{ "items": [')), /broken\.json 不是合法的 JSON/);
    assert.match(await refusal('import', path.join(dir, 'missing.json')), /无法读取 .*missing\.json：ENOENT/);
  });

  it('import adds and changes by id; export prints what import reads (round trip)', async () => {
    const good = file(
      'good.json',
      JSON.stringify({
        categories: [{ id: 'robots', name: '机器人', icon: '🤖', order: 5 }, { id: 'robots-home', name: '家用', parent: 'robots' }],
        items: [
          { id: 'robot-a', name: '机器人 A', description: '扫地机器人', url: 'https://robot-a.example.com', category: 'robots-home', tags: ['家居'] },
          { id: 'deepseek', name: 'DeepSeek', description: '改过的简介', url: 'https://chat.deepseek.com', category: 'chat-cn', order: 1 },
        ],
      }),
    );
    assert.match(await ops('import', good), /已导入 .*good\.json：2 个分类，2 个条目/);
    const robots = (await tree()).find((c) => c.id === 'robots')!;
    assert.equal(robots.itemName, '机器人');
    assert.equal((robots.subItems[0] as ResourceCategory).subItems[0]!.itemName, '机器人 A');
    assert.equal((await find('deepseek'))!.tooltip, '改过的简介');

    await ops('hide', 'robot-a');
    const exported = path.join(dir, 'export.json');
    assert.match(await ops('export', exported), /已写入 .*export\.json：\d+ 个分类，\d+ 个条目/);
    const json = JSON.parse(fs.readFileSync(exported, 'utf8'));
    assert.deepEqual(
      json.items.find((i: { id: string }) => i.id === 'robot-a'),
      { id: 'robot-a', name: '机器人 A', description: '扫地机器人', url: 'https://robot-a.example.com', category: 'robots-home', tags: ['家居'], order: 0, hidden: true },
    );
    assert.match(await ops('import', exported), /已导入/);
    assert.equal(await find('robot-a'), undefined, 'the hidden flag survives the round trip');
    assert.deepEqual(JSON.parse(await ops('export')), json);
  });

  it('a restart does not overwrite what ops changed, and adds seed entries that are missing', async () => {
    const restarted = await createResourcesModule({
      db: t.app.db.db,
      sharedState: t.app.sharedState,
      blobs: t.app.blobs,
      userIdOf: async () => null,
      now: () => new Date(),
      log: silentLog,
      seed: { ...SEED_DIRECTORY, items: [...SEED_DIRECTORY.items!, { id: 'new-tool', name: '新工具', description: '种子里新加的', url: 'https://new.example.com', category: 'writing' }] },
    });
    assert.ok(restarted.service);
    assert.equal((await find('deepseek'))!.tooltip, '改过的简介');
    assert.equal((await find('new-tool'))!.itemName, '新工具');
  });

  it('add checks its fields in Chinese and refuses an existing id', async () => {
    assert.match(await ops('add', '--id', 'robot-b', '--name', '机器人 B', '--url', 'https://b.example.com', '--category', 'robots', '--description', '陪伴机器人', '--tags', '陪伴, 家居'), /已新增条目 robot-b（机器人 B）/);
    assert.deepEqual((await find('robot-b'))!.tags, ['陪伴', '家居']);
    assert.equal(await refusal('add', '--id', 'robot-b', '--name', 'x', '--url', 'https://x.example.com', '--category', 'robots', '--description', 'x'), '条目 robot-b 已存在，请用 import 修改');
    assert.match(await refusal('add', '--id', 'Bad Id', '--name', 'x', '--url', 'https://x.example.com', '--category', 'robots', '--description', 'x'), /id 只能是 1–40 个小写字母/);
    assert.match(await refusal('add', '--id', 'robot-x', '--name', 'x', '--url', 'javascript:alert(1)', '--category', 'robots', '--description', 'x'), /url 必须是以 http:\/\/ 或 https:\/\/ 开头的完整网址/);
    assert.match(await refusal('add', '--id', 'robot-x', '--name', 'x', '--url', 'https://x.example.com', '--category', 'robots'), /简介不能为空/);
    assert.match(await refusal('add', '--id', 'robot-x', '--name', 'x', '--url', 'https://x.example.com', '--category', 'nope', '--description', 'x'), /分类 nope 不存在/);
    assert.match(await refusal('add', '--id', 'robot-x', '--name', 'x', '--url', 'https://x.example.com', '--category', 'robots', '--description', 'x', '--order', '-1'), /--order 的值不能以 - 开头/);
    assert.match(await refusal('add', '--name', 'x'), /缺少参数：--id/);
    assert.match(await refusal('frobnicate'), /未知命令：frobnicate/);
  });

  it('icon: an uploaded icon is served from the blob store, replaced, and removed with --letter', async () => {
    assert.match(await refusal('icon', 'robot-b', file('not-image.png', 'hello')), /不是 PNG、JPG、WEBP 或 SVG 图片/);
    assert.match(await refusal('icon', 'robot-b', file('evil.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')), /含有脚本或事件属性/);
    assert.match(await refusal('icon', 'robot-b'), /请给出一个图片文件，或者 --letter/);

    await ops('icon', 'robot-b', file('icon.png', PNG));
    const url = (await find('robot-b'))!.imgUrl!;
    assert.match(url, /^\/app-api\/public\/resource-icons\/robot-b-[0-9a-f]{12}\.png$/);
    const served = await t.app.server.inject({ method: 'GET', url });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(served.rawPayload, PNG);
    const key = `resources/icons/${url.split('/').pop()}`;
    assert.ok(await t.app.blobs.exists(key));

    await ops('icon', 'robot-b', file('icon.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>'));
    assert.match((await find('robot-b'))!.imgUrl!, /\.svg$/);
    assert.equal(await t.app.blobs.exists(key), false, 'the replaced icon is deleted');

    const svgKey = `resources/icons/${(await find('robot-b'))!.imgUrl!.split('/').pop()}`;
    assert.match(await ops('icon', 'robot-b', '--letter'), /已恢复为字母图标/);
    assert.equal((await find('robot-b'))!.imgUrl, null);
    assert.equal(await t.app.blobs.exists(svgKey), false);
    assert.equal((await t.app.server.inject({ method: 'GET', url: '/app-api/public/resource-icons/robot-b.png' })).statusCode, 404);
  });

  describe('feedback', () => {
    const send = (payload: unknown, options: { remoteAddress: string; token?: string; cookies?: Record<string, string> }) =>
      envelope<null>(t.app.server, 'POST', 'resource/feedback', { payload, ...options });

    it('stores a visitor’s feedback under the browser id and a user’s under the account; ops lists them', async () => {
      const visitor = '6f1c2b9e-1f0a-4c53-9a56-3f3e1f8c0d11';
      assert.equal((await send({ itemId: 'chatgpt', kind: 'broken' }, { remoteAddress: '10.1.0.1', cookies: { qm_aid: visitor } })).code, 0);
      const user = await registeredUser(t.app.server);
      assert.equal((await send({ itemId: 'claude', kind: 'wrong', text: '  简介过时了  ' }, { remoteAddress: '10.1.0.2', token: user.token })).code, 0);

      const rows = await t.app.db.db.selectFrom('resource_feedback').selectAll().orderBy('created_at').execute();
      assert.equal(rows.length, 2);
      assert.deepEqual(
        rows.map((r) => [r.item_id, r.kind, r.text, r.user_id, r.visitor_key, r.ip]),
        [
          ['chatgpt', 'broken', '', null, `a:${visitor}`, '10.1.0.1'],
          ['claude', 'wrong', '简介过时了', user.id, `u:${user.id}`, '10.1.0.2'],
        ],
      );
      const listing = await ops('feedback');
      assert.match(listing, /信息有误 {2}claude（Claude） {2}用户 /);
      assert.match(listing, /链接失效 {2}chatgpt（ChatGPT） {2}访客 6f1c2b9e/);
      assert.match(listing, /共 2 条反馈/);
      assert.match(await ops('feedback', '--since', '2999-01-01'), /共 0 条反馈（2999-01-01 起）/);
      assert.match(await refusal('feedback', '--since', '2025-02-30'), /--since 必须是 YYYY-MM-DD 格式的日期/);
    });

    it('refuses bad input in Chinese and never with a 500', async () => {
      const at = { remoteAddress: '10.2.0.1' };
      assert.deepEqual(await send({ itemId: 'claude', kind: 'other' }, at), { code: RESOURCE_CODES.invalidField, data: null, msg: '请填写反馈内容' });
      assert.deepEqual(await send({ itemId: 'claude', kind: 'other', text: '字'.repeat(501) }, at), { code: RESOURCE_CODES.invalidField, data: null, msg: '反馈内容不能超过500个字' });
      assert.deepEqual(await send({ itemId: 'no-such', kind: 'broken' }, at), { code: RESOURCE_CODES.notFound, data: null, msg: '资源不存在或已下架' });
      await ops('hide', 'poe');
      assert.equal((await send({ itemId: 'poe', kind: 'broken' }, at)).code, RESOURCE_CODES.notFound);
      await ops('show', 'poe');
      const wrongKind = await send({ itemId: 'claude', kind: 'spam' }, at);
      assert.equal(wrongKind.code, 400);
      assert.match(wrongKind.msg, /请选择反馈类型/);
      assert.equal((await send(null, at)).code, 400);
    });

    it('allows 5 an hour per visitor and per address, then refuses with the reason', async () => {
      const at = { remoteAddress: '10.3.0.1', cookies: { qm_aid: '11111111-2222-4333-8444-555555555555' } };
      for (let i = 0; i < 5; i++) assert.equal((await send({ itemId: 'suno', kind: 'suggest', text: `推荐 ${i}` }, at)).code, 0);
      assert.deepEqual(await send({ itemId: 'suno', kind: 'suggest', text: '第六条' }, at), { code: RESOURCE_CODES.tooManyFeedback, data: null, msg: '反馈太频繁了，请一小时后再试' });
      // A new browser id from the same address is still held by the address.
      const otherBrowser = { ...at, cookies: { qm_aid: '99999999-2222-4333-8444-555555555555' } };
      assert.equal((await send({ itemId: 'suno', kind: 'broken' }, otherBrowser)).code, RESOURCE_CODES.tooManyFeedback);
      // Another address is not.
      assert.equal((await send({ itemId: 'suno', kind: 'broken' }, { remoteAddress: '10.3.0.2' })).code, 0);
      const stored = await t.app.db.db.selectFrom('resource_feedback').select('id').where('item_id', '=', 'suno').execute();
      assert.equal(stored.length, 6);
    });
  });
});
