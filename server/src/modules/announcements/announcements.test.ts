import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { openDatabase, type Db } from '../../db/database.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { MODELS } from '../catalogue/index.js';
import { AnnouncementsRepository } from './repository.js';
import { announcementSeeds } from './seeds/index.js';
import { Announcements, MAX_LISTED_ITEMS } from './service.js';

const KNOWN_MODELS = new Set(MODELS.map((m) => m.id));
const NOW = new Date('2025-08-01T20:00:00Z'); // 2025-08-02 04:00 in China
const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

describe(`announcements (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let announcements: Announcements;

  const seeded = async (edition: 'domestic' | 'international' = 'domestic', apiSiteUrl = '') => {
    announcements = new Announcements(new AnnouncementsRepository(db.db), (code) => KNOWN_MODELS.has(code), () => NOW);
    assert.equal(await announcements.ensureSeeded(edition, { apiSiteUrl, inviteRewardPoints: 8888 }), true);
    return announcements;
  };

  beforeEach(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
  });
  afterEach(async () => {
    await db.close();
    await storage.cleanup();
  });

  it('seeds the domestic site in Chinese: notice 146 with dated model announcements, activity, updates, promos, top banner', async () => {
    const payload = await (await seeded()).payload();
    assert.equal(payload.notice.version, 146);
    assert.equal(payload.notice.maxShows, null);
    assert.ok(payload.notice.items.length >= 6 && payload.notice.items.length <= MAX_LISTED_ITEMS);
    const dates = payload.notice.items.map((i) => i.updateTime);
    assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
    assert.equal(dates.at(-1)!.slice(0, 7), '2024-12');
    assert.equal(dates[0]!.slice(0, 7), '2025-07');
    const modelRoutes = payload.notice.items.flatMap((i) => (i.routeUrl ? [i.routeUrl] : []));
    assert.ok(modelRoutes.length >= 6);
    for (const route of modelRoutes) {
      const code = /^\/chatPage\?model=(.+)$/.exec(route)?.[1];
      assert.ok(code && KNOWN_MODELS.has(decodeURIComponent(code)), `${route} opens a catalogue model`);
    }
    const general = payload.notice.items.filter((i) => !i.routeUrl).map((i) => `${i.title} ${i.content}`);
    assert.ok(general.some((t) => /2025 年 2 月/.test(t) && /tokens/.test(t) && /字数/.test(t)), 'billing moved from words to tokens');
    assert.ok(general.some((t) => /6 月 21 日/.test(t) && /API 站点/.test(t)), 'API calls end for packages bought after 21 June');
    assert.ok(general.some((t) => /原域名/.test(t) && /国内模型/.test(t)), 'the original domain serves domestic models only');
    assert.ok(payload.notice.items.every((i) => CJK.test(i.title) && /^\d{4}-\d{2}-\d{2}$/.test(i.updateTime)));

    assert.deepEqual(payload.activity, {
      version: 1,
      maxShows: 2,
      title: '邀请好友，双方各得 8888 积分',
      content: payload.activity!.content,
      link: null,
    });
    assert.match(payload.activity!.content, /8888 永久积分/);
    assert.equal(payload.updates.version, 1);
    assert.ok(payload.updates.items.length >= 3 && payload.updates.items.length <= 4);
    assert.ok(payload.promos.length >= 3 && payload.promos.length <= 4);
    assert.deepEqual(payload.promos.map((p) => p.link).slice(0, 2), ['/pay', '/toolBox/apps'], 'promos rotate in the order added');
    assert.deepEqual(payload.topBanner, { text: '限时优惠：开通会员享 8 折积分价' });
    assert.deepEqual(payload.links, []);
  });

  it('seeds the international site in English, with the API link when API_SITE_URL is set', async () => {
    const payload = await (await seeded('international', 'https://api.example.com')).payload();
    const texts = [
      ...payload.notice.items.flatMap((i) => [i.title, i.content]),
      ...payload.updates.items.flatMap((i) => [i.title, i.content]),
      ...payload.promos.map((p) => p.text),
      payload.activity!.title,
      payload.activity!.content,
      payload.topBanner!.text,
    ];
    assert.ok(texts.every((t) => t.length > 0 && !CJK.test(t)), 'no Chinese text on the international site');
    assert.equal(payload.notice.version, 146);
    assert.equal(payload.activity!.title, 'Invite friends: you both get 8,888 points');
    assert.deepEqual(payload.links, [{ kind: 'api', url: 'https://api.example.com' }]);
  });

  it('seeds no footer link from an API_SITE_URL the browser should not follow', async () => {
    const payload = await (await seeded('domestic', 'about:blank#api-site')).payload();
    assert.deepEqual(payload.links, []);
  });

  it('has the same announcements in both languages, every model one opening a catalogue model', () => {
    const zh = announcementSeeds('domestic', { inviteRewardPoints: 8888 });
    const en = announcementSeeds('international', { inviteRewardPoints: 8888 });
    const shape = (s: typeof zh) => ({
      notice: s.notice.items.map((i) => [i.date, i.model ?? i.route ?? null]),
      updates: s.updates.items.map((i) => [i.date, i.model ?? i.route ?? null]),
      promos: s.promos.map((p) => p.link),
    });
    assert.deepEqual(shape(en), shape(zh));
    for (const item of [...zh.notice.items, ...zh.updates.items]) if (item.model) assert.ok(KNOWN_MODELS.has(item.model), item.model);
  });

  it('seeds once: a second start, or a start after ops changes, leaves the content alone', async () => {
    await seeded();
    await announcements.removeItem((await announcements.payload()).notice.items[0]!.id);
    assert.equal(await announcements.ensureSeeded('international', { apiSiteUrl: '', inviteRewardPoints: 1 }), false);
    const payload = await announcements.payload();
    assert.equal(payload.notice.version, 147);
    assert.ok(CJK.test(payload.notice.items[0]!.title));
  });

  it('adds the API link when API_SITE_URL is set after the seed, and leaves a link ops set alone', async () => {
    await seeded();
    assert.deepEqual((await announcements.payload()).links, []);
    assert.equal(await announcements.ensureApiLink('javascript:alert(1)'), false);
    assert.equal(await announcements.ensureApiLink(' https://api.example.com '), true);
    assert.deepEqual((await announcements.payload()).links, [{ kind: 'api', url: 'https://api.example.com' }]);
    await announcements.setLink('api', 'https://ops.example.com');
    assert.equal(await announcements.ensureApiLink('https://api.example.com'), false);
    assert.deepEqual((await announcements.payload()).links, [{ kind: 'api', url: 'https://ops.example.com' }]);
  });

  it('adds a notice and raises the version so browsers show it again, unless asked to keep it', async () => {
    await seeded();
    const { id, version } = await announcements.addItem({ channel: 'notice', title: 'GPT-4.1 上线', content: '编程与长上下文全面升级。', model: 'gpt-4.1' });
    assert.equal(version, 147);
    let payload = await announcements.payload();
    assert.equal(payload.notice.version, 147);
    assert.deepEqual(payload.notice.items[0], { id, title: 'GPT-4.1 上线', content: '编程与长上下文全面升级。', updateTime: '2025-08-02', routeUrl: '/chatPage?model=gpt-4.1' });

    const kept = await announcements.addItem({ channel: 'notice', title: '更正', content: '上一条公告的日期有误。', date: '2025-08-01', keepVersion: true });
    assert.equal(kept.version, 147);
    payload = await announcements.payload();
    assert.equal(payload.notice.version, 147);
    assert.deepEqual(payload.notice.items.slice(0, 2).map((i) => i.id), [id, kept.id], 'newest date first');

    const sameDay = await announcements.addItem({ channel: 'notice', title: '同日第二条', content: '同一天后添加的排在前面。', date: '2025-08-02', route: 'https://example.com/news' });
    assert.deepEqual((await announcements.payload()).notice.items.slice(0, 2).map((i) => i.id), [sameDay.id, id], 'same date: higher id first');
  });

  it('raises the update card version on a new update, never on a promo', async () => {
    await seeded();
    assert.equal((await announcements.addItem({ channel: 'updates', title: '语音对话', content: '支持语音输入和朗读。' })).version, 2);
    const promo = await announcements.addItem({ channel: 'promo', title: '签到领积分', route: '/chatPage' });
    assert.equal(promo.version, null);
    const payload = await announcements.payload();
    assert.equal(payload.updates.version, 2);
    assert.equal(payload.notice.version, 146);
    assert.deepEqual(payload.promos.at(-1), { id: promo.id, text: '签到领积分', link: '/chatPage' });
    await assert.rejects(announcements.addItem({ channel: 'promo', title: '文字', content: '多余的内容' }), /promo 只有一行文字/);
  });

  it(`lists at most ${MAX_LISTED_ITEMS} notices and updates`, async () => {
    await seeded();
    for (let i = 0; i < MAX_LISTED_ITEMS + 3; i++) await announcements.addItem({ channel: 'notice', title: `第 ${i} 条`, content: '内容', date: '2030-01-01', keepVersion: true });
    const payload = await announcements.payload();
    assert.equal(payload.notice.items.length, MAX_LISTED_ITEMS);
    assert.equal(payload.notice.items[0]!.title, `第 ${MAX_LISTED_ITEMS + 2} 条`);
  });

  it('removes an item, raising the version of its channel unless asked to keep it', async () => {
    await seeded();
    const [first, second] = (await announcements.payload()).notice.items;
    assert.equal((await announcements.removeItem(first!.id)).version, 147);
    assert.equal((await announcements.removeItem(second!.id, true)).version, 147);
    const payload = await announcements.payload();
    assert.ok(!payload.notice.items.some((i) => i.id === first!.id || i.id === second!.id));
    await assert.rejects(announcements.removeItem(first!.id), /没有编号为 \d+ 的公告/);
  });

  it('sets a popup version and its show limit', async () => {
    await seeded();
    await announcements.setVersion('notice', 200, 3);
    await announcements.setVersion('activity', 5);
    let payload = await announcements.payload();
    assert.deepEqual([payload.notice.version, payload.notice.maxShows], [200, 3]);
    assert.deepEqual([payload.activity!.version, payload.activity!.maxShows], [5, 2], 'the limit stays when not given');
    await announcements.setVersion('notice', 201, null);
    await announcements.setVersion('updates', 9);
    payload = await announcements.payload();
    assert.deepEqual([payload.notice.version, payload.notice.maxShows, payload.updates.version], [201, null, 9]);
    await assert.rejects(announcements.setVersion('promo', 1), /只有 notice、activity、updates 有版本/);
    await assert.rejects(announcements.setVersion('updates', 1, 2), /updates 没有弹出次数/);
    await assert.rejects(announcements.setVersion('notice', -1), /版本必须是 0 到/);
  });

  it('starts an activity with a new version, and switches the activity and the top banner off and on', async () => {
    await seeded();
    const row = await announcements.setActivity({ title: '双十一', content: '会员 7 折。', link: '/pay', maxShows: 3 });
    assert.equal(row.version, 2);
    let payload = await announcements.payload();
    assert.deepEqual(payload.activity, { version: 2, maxShows: 3, title: '双十一', content: '会员 7 折。', link: '/pay' });
    await announcements.activityOff();
    await announcements.topOff();
    payload = await announcements.payload();
    assert.equal(payload.activity, null);
    assert.equal(payload.topBanner, null);
    assert.equal((await announcements.setActivity({ title: '新活动', content: '内容' })).version, 3, 'the version keeps counting after an off');
    await announcements.setTop('会员限时 8 折');
    payload = await announcements.payload();
    assert.deepEqual(payload.activity, { version: 3, maxShows: 3, title: '新活动', content: '内容', link: null });
    assert.deepEqual(payload.topBanner, { text: '会员限时 8 折' });
    await assert.rejects(announcements.setActivity({ title: ' ', content: '内容' }), /标题不能为空/);
  });

  it('sets and removes the footer links in a fixed order', async () => {
    await seeded();
    await announcements.setLink('international', 'https://global.example.com');
    await announcements.setLink('api', 'https://api.example.com');
    await announcements.setLink('api', 'https://api2.example.com');
    assert.deepEqual((await announcements.payload()).links, [
      { kind: 'api', url: 'https://api2.example.com' },
      { kind: 'international', url: 'https://global.example.com' },
    ]);
    await announcements.removeLink('api');
    assert.deepEqual((await announcements.payload()).links, [{ kind: 'international', url: 'https://global.example.com' }]);
    await assert.rejects(announcements.removeLink('api'), /api 链接本来就没有设置/);
    await assert.rejects(announcements.setLink('mirror', 'https://x.example.com'), /链接种类只能是 api、domestic、international/);
  });

  it('refuses unknown models, unsafe links, bad dates and empty texts', async () => {
    await seeded();
    await assert.rejects(announcements.addItem({ channel: 'notice', title: 'T', content: 'C', model: 'gpt-9' }), /模型目录里没有模型 gpt-9/);
    await assert.rejects(announcements.addItem({ channel: 'notice', title: 'T', content: 'C', model: 'o1', route: '/pay' }), /--model 和 --route 只能选一个/);
    for (const link of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example.com', 'ftp://example.com', 'pay', '/pa y', '/\\evil.example.com', 'https://']) {
      await assert.rejects(announcements.addItem({ channel: 'notice', title: 'T', content: 'C', route: link }), /路由/, link);
      await assert.rejects(announcements.setLink('api', link), /链接/, link);
    }
    await assert.rejects(announcements.setActivity({ title: 'T', content: 'C', link: 'javascript:void(0)' }), /链接只能是 http\(s\) 地址/);
    await assert.rejects(announcements.addItem({ channel: 'notice', title: 'T', content: 'C', date: '2025-02-30' }), /日期必须是 YYYY-MM-DD 格式的有效日期/);
    await assert.rejects(announcements.addItem({ channel: 'notice', title: 'T', content: '  ' }), /内容不能为空/);
    await assert.rejects(announcements.addItem({ channel: 'notice', title: 'x'.repeat(101), content: 'C' }), /标题不能超过 100 个字符/);
    await assert.rejects(announcements.addItem({ channel: 'activity' as 'notice', title: 'T', content: 'C' }), /频道只能是 notice、updates、promo/);
    assert.equal((await announcements.payload()).notice.version, 146, 'nothing refused changed the version');
  });
});
