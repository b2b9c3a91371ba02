import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { openDatabase } from '../db/database.js';
import { GuardEventsRepository } from '../modules/platform/index.js';
import { createTestStorage, type TestStorage } from '../testing/testDatabase.js';
import { fakeRemoteBuild } from '../testing/fakeRemoteBuild.js';
import { opsCli } from '../testing/opsCli.js';

const cliPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');

describe(`ops CLI (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  const cli = (args: string[], env: Record<string, string> = {}) => opsCli(storage, args, { INIT_CWD: '/', ...env });
  const ops = (...args: string[]) => cli(['remotes', ...args]);

  before(async () => {
    storage = await createTestStorage();
  });
  after(() => storage.cleanup());

  it('publishes, activates, canaries, rolls back and shows the history', async () => {
    const v1 = fakeRemoteBuild({ area: 'toolbox', version: '1.0.0' });
    const v2 = fakeRemoteBuild({ area: 'toolbox', version: '2.0.0' });
    assert.equal((await ops('publish', 'toolbox', v1, '--activate', '--notes', '首个版本')).code, 0);
    const published = await ops('publish', 'toolbox', v2);
    assert.equal(published.code, 0, published.err);
    assert.match(published.out, /已发布 toolbox 2\.0\.0/);

    assert.match((await ops('list')).out, /toolbox\s+在线 1\.0\.0 {2}上一版本 - {2}已发布 \[(2\.0\.0, 1\.0\.0|1\.0\.0, 2\.0\.0)\]/);
    assert.match((await ops('canary', 'toolbox', '2.0.0', '25')).out, /对 25% 的访客灰度 2\.0\.0/);
    assert.match((await ops('list')).out, /灰度 2\.0\.0 25%/);
    assert.match((await ops('activate', 'toolbox', '2.0.0')).out, /已上线 2\.0\.0（回退版本 1\.0\.0）/);
    assert.doesNotMatch((await ops('list')).out, /灰度/, 'activating the canary version ends the canary');
    assert.match((await ops('rollback', 'toolbox')).out, /已从 2\.0\.0 回滚到 1\.0\.0/);

    const history = (await ops('history', 'toolbox')).out.trim().split('\n');
    assert.deepEqual(
      history.map((line) => line.split(/\s+/)[1]),
      ['rollback', 'activate', 'canary', 'publish', 'activate', 'publish'],
    );
  });

  it('explains refusals with a non-zero exit', async () => {
    const invalid = await ops('publish', 'toolbox', fakeRemoteBuild({ area: 'toolbox', version: '3.0.0', exposes: ['./nothing'] }));
    assert.equal(invalid.code, 1);
    assert.match(invalid.err, /构建不符合共享约定：没有暴露 \.\/app/);
    assert.equal((await ops('activate', 'toolbox', '9.9.9')).code, 1);
    assert.equal((await ops('rollback', 'chat')).code, 1);
    const badPercent = await ops('canary', 'toolbox', '1.0.0', 'half');
    assert.equal(badPercent.code, 2);
    assert.match(badPercent.err, /percent 必须是 0 到 100 的整数/);
    // A bad number is one clear line in Chinese, without the whole usage (issue 19).
    const negative = await cli(['cdkeys', 'create', '--points', '-5', '--count', '1']);
    assert.equal(negative.code, 2);
    assert.equal(negative.err.trim(), '--points 的值不能以 - 开头（负数不可用）');
    const missing = await cli(['cdkeys', 'create', '--count']);
    assert.equal(missing.err.trim(), '--count 缺少值');
    const unknownOption = await cli(['cdkeys', 'create', '--pionts', '5']);
    assert.equal(unknownOption.err.trim(), '未知选项：--pionts');
    const unknown = await ops('explode');
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /^未知命令：explode\n用法: pnpm ops remotes/);
    assert.doesNotMatch(unknown.err, /pnpm ops cdkeys/, "a group's mistake: that group's usage only");
    const noGroup = await cli(['explode']);
    assert.equal(noGroup.code, 2);
    assert.match(noGroup.err, /用法: pnpm ops remotes[^]*用法: pnpm ops cdkeys/, 'no group named: every group');
  });

  it('manages the announcements, seeding them in the edition\'s language on first use', async () => {
    const list = await cli(['announcements', 'list'], { SITE_EDITION: 'international', API_SITE_URL: 'https://api.example.com' });
    assert.equal(list.code, 0, list.err);
    assert.match(list.out, /notice {3}重要通知 {2}版本 146/);
    assert.match(list.out, /Grok 4 is here {2}→ \/chatPage\?model=grok-4/);
    assert.match(list.out, /api +https:\/\/api\.example\.com/);

    const added = await cli(['announcements', 'add', '--title', 'GPT-4.1', '--content', 'Now available.', '--model', 'gpt-4.1']);
    assert.equal(added.code, 0, added.err);
    assert.match(added.out, /已添加 #\d+（重要通知），notice 版本现为 147/);
    const top = await cli(['announcements', 'top', 'set', '--text', 'Members pay 80%']);
    assert.equal(top.code, 0, top.err);
  });

  it('refuses bad announcement input with exit code 1 and a message, never a stack trace', async () => {
    for (const [args, message] of [
      [['add', '--title', 'T', '--content', 'C', '--model', 'no-such-model'], /失败：模型目录里没有模型 no-such-model/],
      [['link', 'set', 'api', 'javascript:alert(1)'], /失败：链接只能是 http\(s\) 地址或以 \/ 开头的站内路径/],
      [['remove', '999999'], /失败：没有编号为 999999 的公告/],
      [['explode'], /失败：未知命令：explode\n用法: pnpm ops announcements/],
    ] as const) {
      const result = await cli(['announcements', ...args]);
      assert.equal(result.code, 1, `${args.join(' ')}: ${result.err}`);
      assert.match(result.err, message);
      assert.doesNotMatch(result.err, /\n\s+at /, 'no stack trace');
    }
  });

  it('lists the newest guard events', async () => {
    const empty = await cli(['guards', 'list']);
    assert.equal(empty.code, 0, empty.err);
    assert.match(empty.out, /（还没有守卫事件）/);
    const db = await openDatabase(storage);
    try {
      const repo = new GuardEventsRepository(db.db);
      await repo.insert({ kind: 'devtools', path: '/chatPage', user_id: null, ip: '203.0.113.5', user_agent: 'Firefox\u001b[2J', created_at: '2025-08-01T10:00:00.000Z' });
      await repo.insert({ kind: 'alook', path: '/pay', user_id: 'user-7', ip: '203.0.113.6', user_agent: 'Alook', created_at: '2025-08-01T11:00:00.000Z' });
    } finally {
      await db.close();
    }
    const newest = await cli(['guards', 'list', '--limit', '1']);
    assert.equal(newest.code, 0, newest.err);
    assert.deepEqual(newest.out.trim().split(/\s+/), ['2025-08-01T11:00:00.000Z', 'alook', '203.0.113.6', 'user-7', '/pay', 'Alook']);
    assert.match((await cli(['guards', 'list'])).out, /devtools +203\.0\.113\.5 +- +\/chatPage {2}Firefox\\u001b\[2J\n/, 'a browser\'s control characters are shown escaped');
    const badLimit = await cli(['guards', 'list', '--limit', '0']);
    assert.equal(badLimit.code, 2);
    assert.match(badLimit.err, /--limit 必须是正整数/);
  });

  it('runs as pnpm runs it: a process whose exit code and streams are the command\'s', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', cliPath, ...args], {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
      });
    const listed = run('remotes', 'list');
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, /^toolbox\s+在线 1\.0\.0/m);
    const refused = run('remotes', 'rollback', 'chat');
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^失败：/);
    assert.equal(refused.stdout, '');
    // The reader is gone before the list is printed (`| head` that has read enough): no stack trace.
    const closed = spawnSync('sh', ['-c', `"${process.execPath}" --import tsx "${cliPath}" remotes list | true`], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
    });
    assert.equal(closed.stderr, '');
  });
});
