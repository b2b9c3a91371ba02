import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Db } from '../../db/database.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { MODELS } from '../catalogue/index.js';
import { OpsInputError } from '../module.js';
import { ANNOUNCEMENTS_USAGE, runAnnouncementsCommand } from './opsCommands.js';
import { AnnouncementsRepository } from './repository.js';
import { Announcements } from './service.js';

describe(`pnpm ops announcements (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let announcements: Announcements;

  const ops = async (...args: string[]) => {
    const lines: string[] = [];
    await runAnnouncementsCommand(announcements, args, (line) => lines.push(line));
    return lines.join('\n');
  };
  const refused = (args: string[], message: RegExp) =>
    assert.rejects(ops(...args), (error: Error) => error instanceof OpsInputError && error.kind === 'failed' && message.test(error.message));

  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
    const models = new Set(MODELS.map((m) => m.id));
    announcements = new Announcements(new AnnouncementsRepository(db.db), (code) => models.has(code), () => new Date('2025-08-02T02:00:00Z'));
    await announcements.ensureSeeded('domestic', { apiSiteUrl: '', inviteRewardPoints: 8888 });
  });
  after(async () => {
    await db.close();
    await storage.cleanup();
  });

  it('lists the channels with version and show limit, and every item with its id', async () => {
    const out = await ops('list');
    assert.match(out, /notice {3}重要通知 {2}版本 146 {2}每个版本最多弹出 不限/);
    assert.match(out, /activity 活动横幅 {2}版本 1 {2}每个版本最多弹出 2 次 {2}「邀请好友，双方各得 8888 积分」/);
    assert.match(out, /updates {2}更新通知 {2}版本 1/);
    assert.match(out, /top {6}顶部横幅 {2}「限时优惠：开通会员享 8 折积分价」/);
    assert.match(out, /链接\n {2}（未设置）/);
    assert.match(out, /#\d+ +notice +2025-07-11 {2}Grok 4 上线 {2}→ \/chatPage\?model=grok-4/);
    assert.match(out, /#\d+ +promo +2025-08-02 {2}开通会员享 8 折积分价 {2}→ \/pay/);
  });

  it('adds an item on a model (raising the version), removes it, and keeps the version when asked', async () => {
    const added = await ops('add', '--title', 'o3 上线', '--content', '推理更强。', '--model', 'o3', '--date', '2025-08-01');
    assert.match(added, /^已添加 #(\d+)（重要通知），notice 版本现为 147，浏览器将再次显示$/);
    const id = /#(\d+)/.exec(added)![1]!;
    assert.match(await ops('list'), new RegExp(`#${id} +notice +2025-08-01 {2}o3 上线 {2}→ /chatPage\\?model=o3`));
    assert.match(await ops('add', '--channel', 'updates', '--title', '新功能', '--content', '说明', '--keep-version'), /（更新通知），updates 版本现为 1$/);
    assert.match(await ops('add', '--channel', 'promo', '--title', '签到领积分', '--route', '/chatPage'), /^已添加 #\d+（轮播推广）$/);
    assert.match(await ops('remove', id), new RegExp(`^已删除 #${id}（重要通知「o3 上线」），notice 版本现为 148$`));
    await refused(['remove', id], /没有编号为 \d+ 的公告/);
    await refused(['remove', 'abc'], /编号必须是非负整数/);
  });

  it('refuses an unknown model, an unsafe route and missing texts', async () => {
    await refused(['add', '--title', 'T', '--content', 'C', '--model', 'gpt-5-ultra'], /模型目录里没有模型 gpt-5-ultra/);
    await refused(['add', '--title', 'T', '--content', 'C', '--route', 'javascript:alert(1)'], /路由只能是 http\(s\) 地址或以 \/ 开头的站内路径/);
    await refused(['add', '--title', 'T'], /缺少参数：--content/);
    await refused(['add', '--channel', 'top', '--title', 'T', '--content', 'C'], /--channel 只能是 notice、updates、promo/);
    await refused(['add', '--title', 'T', '--content', 'C', '--date', '2025/08/01'], /日期必须是 YYYY-MM-DD/);
    assert.match(await ops('list'), /notice {3}重要通知 {2}版本 148 /, 'refusals changed nothing');
  });

  it('sets a popup version and limit', async () => {
    assert.match(await ops('version', 'notice', '150', '--max-shows', '3'), /^已设置：notice {3}重要通知 {2}版本 150 {2}每个版本最多弹出 3 次$/);
    assert.match(await ops('version', 'notice', '151', '--max-shows', 'none'), /版本 151 {2}每个版本最多弹出 不限$/);
    assert.match(await ops('version', 'updates', '4'), /updates {2}更新通知 {2}版本 4$/);
    await refused(['version', 'top', '2'], /只有 notice、activity、updates 有版本/);
    await refused(['version', 'notice', 'many'], /版本必须是非负整数/);
    await refused(['version', 'activity', '2', '--max-shows', 'lots'], /--max-shows 必须是非负整数/);
  });

  it('starts and ends an activity, and sets the top banner', async () => {
    assert.match(await ops('activity', 'set', '--title', '双十一', '--content', '会员 7 折', '--link', '/pay', '--max-shows', '1'), /^已开始活动：activity 活动横幅 {2}版本 2 {2}每个版本最多弹出 1 次 {2}「双十一」 会员 7 折 {2}链接 \/pay$/);
    assert.match(await ops('activity', 'off'), /^已关闭：activity 活动横幅 {2}版本 2 {2}已关闭$/);
    assert.equal((await announcements.payload()).activity, null);
    await refused(['activity', 'set', '--title', 'T', '--content', 'C', '--link', 'javascript:alert(1)'], /链接只能是 http\(s\) 地址/);
    await refused(['activity', 'pause'], /activity 只有 set 和 off/);
    assert.match(await ops('top', 'set', '--text', '会员 8 折'), /^已设置：top {6}顶部横幅 {2}「会员 8 折」$/);
    assert.match(await ops('top', 'off'), /已关闭：top {6}顶部横幅 {2}已关闭/);
    await refused(['top', 'set'], /缺少参数：--text/);
  });

  it('sets and removes the footer links, refusing unsafe ones', async () => {
    assert.equal(await ops('link', 'set', 'international', 'https://global.example.com'), '已设置 international 链接：https://global.example.com');
    assert.match(await ops('list'), /链接\n {2}international +https:\/\/global\.example\.com/);
    await refused(['link', 'set', 'api', 'javascript:alert(1)'], /链接只能是 http\(s\) 地址或以 \/ 开头的站内路径/);
    await refused(['link', 'set', 'api', '//evil.example.com'], /不能以 \/\/ 开头/);
    await refused(['link', 'set', 'mirror', 'https://m.example.com'], /链接种类只能是 api、domestic、international/);
    assert.equal(await ops('link', 'remove', 'international'), '已删除 international 链接');
    await refused(['link', 'remove', 'international'], /本来就没有设置/);
  });

  it('explains unknown commands and options with the usage', async () => {
    await refused(['explode'], /未知命令：explode\n用法: pnpm ops announcements/);
    await refused([], new RegExp(`^${ANNOUNCEMENTS_USAGE.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await refused(['add', '--colour', 'red'], /Unknown option '--colour'/);
  });
});
