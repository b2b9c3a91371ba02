import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { fakeRemoteBuild, GOOD_SHARED } from '../../testing/fakeRemoteBuild.js';
import type { AddressInfo } from 'node:net';
import { runCli } from '../../ops/runCli.js';
import { DeployTokens } from './deployTokens.js';
import { DeployTokensRepository } from './deployTokensRepository.js';
import { remotesCommand, tokensCommand } from './opsCommands.js';
import { PreviewLinks } from './previewLinks.js';
import { packBuild } from './releaseArchive.js';
import { RELEASE_LIMITS } from './releaseLimits.js';

const OPS = 'ops-secret-token';

/** A tar.gz written by hand, so the entries a packer would never make (links, `..`, absolute paths) can be sent. */
function rawArchive(entries: { name: string; type?: '0' | '2' | '5'; body?: string; link?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = Buffer.alloc(512);
    const field = (value: string, offset: number, length: number) => header.write(value, offset, length, 'utf8');
    field(entry.name, 0, 100);
    field('0000644\0', 100, 8);
    field('0000000\0', 108, 8);
    field('0000000\0', 116, 8);
    field(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 12);
    field('00000000000\0', 136, 12);
    field('        ', 148, 8);
    field(entry.type ?? '0', 156, 1);
    field(entry.link ?? '', 157, 100);
    field('ustar\0', 257, 6);
    field('00', 263, 2);
    let sum = 0;
    for (const byte of header) sum += byte;
    field(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** A good build's files as raw entries, plus `extra`. */
function buildEntries(area: string, version: string) {
  const dir = fakeRemoteBuild({ area, version });
  return fs.readdirSync(dir).map((name) => ({ name, body: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

describe(`publishing over HTTP (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ OPS_TOKEN: OPS });
  });
  after(() => t.close());

  const push = (area: string, archive: Buffer, token = OPS) =>
    t.app.server.inject({
      method: 'POST',
      url: `/app-api/platform/ops/remotes/${area}/releases`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
      payload: archive,
    });

  it('publishes a packed build, serves it, and answers the same content again without change', async () => {
    const archive = await packBuild(fakeRemoteBuild({ area: 'pay', version: '2.0.0' }));
    const first = await push('pay', archive);
    assert.deepEqual(first.json(), { code: 0, data: { version: '2.0.0', alreadyPublished: false }, msg: '已发布 pay 2.0.0' });
    const served = await t.app.server.inject({ method: 'GET', url: '/remotes/pay/2.0.0/remoteEntry.js' });
    assert.equal(served.statusCode, 200);
    assert.equal(served.body, '/* pay 2.0.0 */');

    const again = await push('pay', archive);
    assert.deepEqual(again.json(), { code: 0, data: { version: '2.0.0', alreadyPublished: true }, msg: 'pay 2.0.0 已发布过（内容相同），未改动' });
    assert.equal((await t.app.platform.history('pay')).filter((e) => e.kind === 'publish').length, 1);

    const changed = await push('pay', await packBuild(fakeRemoteBuild({ area: 'pay', version: '2.0.0', remoteEntry: '/* other */' })));
    assert.equal(changed.json().code, 400);
    assert.match(changed.json().msg, /pay 2\.0\.0 已发布且内容不同/);
  });

  it('accepts an archive of the version folder itself (tar czf … -C dist 2.1.0)', async () => {
    const entries = buildEntries('pay', '2.1.0').map((e) => ({ ...e, name: `2.1.0/${e.name}` }));
    const response = await push('pay', rawArchive([{ name: '2.1.0/', type: '5' }, ...entries]));
    assert.equal(response.json().msg, '已发布 pay 2.1.0');
  });

  for (const [what, extra, reason] of [
    ['a path escape', { name: '../escaped.js', body: 'x' }, /压缩包里的路径越出了构建目录：\.\.\/escaped\.js/],
    ['an absolute path', { name: '/tmp/qm-absolute.js', body: 'x' }, /压缩包里有绝对路径：\/tmp\/qm-absolute\.js/],
    ['a symlink', { name: 'secret.js', type: '2', link: '/etc/passwd' }, /压缩包里有符号链接：secret\.js（只接受普通文件和目录）/],
  ] as const) {
    it(`refuses an archive with ${what}, and stores nothing`, async () => {
      const response = await push('pay', rawArchive([...buildEntries('pay', '3.0.0'), extra]));
      assert.equal(response.json().code, 400);
      assert.match(response.json().msg, reason);
      assert.equal((await t.app.server.inject({ method: 'GET', url: '/remotes/pay/3.0.0/remoteEntry.js' })).statusCode, 404);
      assert.equal(fs.existsSync('/tmp/qm-absolute.js'), false);
    });
  }

  it('refuses what the CLI refuses, with the same reasons: a bundled singleton, a wrong container name', async () => {
    const bundled = await push('chat', await packBuild(fakeRemoteBuild({ area: 'chat', version: '3.0.0', chunkPackages: { 'vendor.abc.js': ['react'] } })));
    assert.equal(bundled.json().code, 400);
    assert.match(bundled.json().msg, /^构建不符合共享约定：.*react/);
    const container = await push('chat', await packBuild(fakeRemoteBuild({ area: 'chat', version: '3.0.0', container: 'mf_pay' })));
    assert.match(container.json().msg, /容器名应为 mf_chat/);
    const singleton = await push('chat', await packBuild(fakeRemoteBuild({ area: 'chat', version: '3.0.0', shared: GOOD_SHARED.map((s) => (s.name === 'react' ? { ...s, singleton: false } : s)) })));
    assert.match(singleton.json().msg, /react 必须是单例共享/);
    const otherArea = await push('chat', await packBuild(fakeRemoteBuild({ area: 'pay', version: '3.0.0' })));
    assert.equal(otherArea.json().msg, '这是区域 pay 的构建，不能发布到 chat');
  });

  it('refuses an oversize file over HTTP and from the CLI alike', async () => {
    const build = fakeRemoteBuild({ area: 'media', version: '3.0.0' });
    fs.writeFileSync(path.join(build, 'huge.js'), Buffer.alloc(RELEASE_LIMITS.fileBytes + 1));
    const response = await push('media', await packBuild(build));
    assert.equal(response.json().code, 400);
    assert.match(response.json().msg, /^文件 huge\.js 有 20\.0 MiB，超过单个文件上限 20\.0 MiB$/);
    await assert.rejects(t.app.platform.publish({ area: 'media', buildDir: build }), /文件 huge\.js .*超过单个文件上限/);
  });

  it('refuses what is not a tar.gz, an oversize upload and a caller without the ops token', async () => {
    const garbage = await push('pay', Buffer.from('not an archive'));
    assert.match(garbage.json().msg, /^压缩包无法解开（需要 tar\.gz）/);
    const huge = await t.app.server.inject({
      method: 'POST',
      url: '/app-api/platform/ops/remotes/pay/releases',
      headers: { authorization: `Bearer ${OPS}`, 'content-type': 'application/gzip', 'content-length': String(60 * 1024 * 1024) },
      payload: Buffer.alloc(10),
    });
    assert.equal(huge.statusCode, 413);
    assert.equal(huge.json().msg, '压缩包超过上限 50 MiB');
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const streamed = await t.app.server.inject({
      method: 'POST',
      url: '/app-api/platform/ops/remotes/pay/releases',
      headers: { authorization: `Bearer ${OPS}`, 'content-type': 'application/gzip' },
      payload: Readable.from((function* () {
        for (let i = 0; i < 51; i++) yield chunk;
      })()),
    });
    assert.equal(streamed.statusCode, 413, 'counted while streaming, without a Content-Length');
    assert.equal(streamed.headers.connection, 'close');
    assert.equal(streamed.json().msg, '压缩包超过上限 50 MiB');
    const anonymous = await push('pay', await packBuild(fakeRemoteBuild({ area: 'pay', version: '4.0.0' })), 'nope');
    assert.equal(anonymous.statusCode, 401);
  });
});

describe(`deploy tokens and the audit trail (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let tokens: DeployTokens;
  const AREAS = ['account', 'chat', 'media', 'pay', 'toolbox'];
  before(async () => {
    t = await createTestApp({ OPS_TOKEN: OPS });
    tokens = new DeployTokens(new DeployTokensRepository(t.app.db.db), AREAS);
  });
  after(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object | Buffer) =>
    t.app.server.inject({
      method,
      url: `/app-api/platform/ops/remotes/${url}`,
      headers: { authorization: `Bearer ${token}`, ...(Buffer.isBuffer(payload) ? { 'content-type': 'application/gzip' } : {}) },
      ...(payload ? { payload } : {}),
    });
  const pack = (area: string, version: string) => packBuild(fakeRemoteBuild({ area, version }));

  it('lets a deploy token do only its rights on its own area, and records each step with its name', async () => {
    const ci = await tokens.create({ name: 'pay-ci', area: 'pay', rights: ['publish', 'canary'] });
    const release = await tokens.create({ name: 'pay-release', area: 'pay', rights: ['activate', 'rollback'], expiresDays: 30 });
    assert.match(ci, /^qmd_[A-Za-z0-9_-]{43}$/);

    assert.equal((await call(ci, 'POST', 'pay/releases', await pack('pay', '1.0.0'))).json().msg, '已发布 pay 1.0.0');
    assert.equal((await call(ci, 'POST', 'pay/releases', await pack('pay', '1.1.0'))).json().msg, '已发布 pay 1.1.0');

    const otherArea = await call(ci, 'POST', 'chat/releases', await pack('chat', '1.0.0'));
    assert.equal(otherArea.statusCode, 403);
    assert.equal(otherArea.json().msg, '部署令牌 pay-ci 只能操作区域 pay，不能操作 chat');
    assert.equal((await call(ci, 'GET', 'chat/history')).statusCode, 403);
    const summary = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/ops/remotes', headers: { authorization: `Bearer ${ci}` } });
    assert.deepEqual(summary.json().data.map((s: { area: string }) => s.area), ['pay'], 'a deploy token sees its own area only');
    const noActivate = await call(ci, 'POST', 'pay/activate', { version: '1.0.0' });
    assert.equal(noActivate.statusCode, 403);
    assert.equal(noActivate.json().msg, '部署令牌 pay-ci 没有上线（activate）权限（它有：发布、灰度）');
    assert.equal((await call(release, 'POST', 'pay/releases', await pack('pay', '1.2.0'))).statusCode, 403);

    assert.equal((await call(release, 'POST', 'pay/activate', { version: '1.0.0' })).json().code, 0);
    assert.equal((await call(OPS, 'POST', 'pay/activate', { version: '1.1.0' })).json().code, 0);
    assert.equal((await call(ci, 'POST', 'pay/canary', { version: '1.0.0', percent: 10 })).json().code, 0);
    assert.deepEqual((await call(release, 'POST', 'pay/rollback')).json().data, { from: '1.1.0', to: '1.0.0' });
    await t.app.platform.canary('pay', '1.0.0', 0);

    const history = (await call(ci, 'GET', 'pay/history')).json().data as { kind: string; version: string; actor: string }[];
    assert.deepEqual(
      history.map((e) => [e.kind, e.version, e.actor]).reverse(),
      [
        ['token', null, 'cli'],
        ['token', null, 'cli'],
        ['publish', '1.0.0', 'pay-ci'],
        ['publish', '1.1.0', 'pay-ci'],
        ['activate', '1.0.0', 'pay-release'],
        ['activate', '1.1.0', 'ops'],
        ['canary', '1.0.0', 'pay-ci'],
        ['rollback', '1.0.0', 'pay-release'],
        ['canary', '1.0.0', 'cli'],
      ],
    );
  });

  it('refuses a revoked or expired token, and lists use and state', async () => {
    const token = await tokens.create({ name: 'media-ci', area: 'media', rights: ['publish'] });
    assert.equal((await call(token, 'GET', 'media/history')).statusCode, 200);
    const lines: string[] = [];
    await tokensCommand(tokens).run(['revoke', 'media-ci'], (line) => lines.push(line));
    assert.deepEqual(lines, ['已吊销部署令牌 media-ci']);
    const revoked = await call(token, 'POST', 'media/releases', await pack('media', '1.0.0'));
    assert.equal(revoked.statusCode, 401);
    assert.equal(revoked.json().msg, '部署令牌 media-ci 已吊销');

    const longAgo = new DeployTokens(new DeployTokensRepository(t.app.db.db), AREAS, () => new Date(Date.now() - 3 * 24 * 3600 * 1000));
    const stale = await longAgo.create({ name: 'media-old', area: 'media', rights: ['publish'], expiresDays: 2 });
    const expired = await call(stale, 'POST', 'media/releases', await pack('media', '1.0.0'));
    assert.equal(expired.statusCode, 401);
    assert.match(expired.json().msg, /^部署令牌 media-old 已于 .* 过期$/);
    assert.equal((await call(`${token}x`, 'GET', 'media/history')).statusCode, 401);

    const list: string[] = [];
    await tokensCommand(tokens).run(['list'], (line) => list.push(line));
    const row = list.find((line) => line.startsWith('media-ci'))!;
    assert.match(row, /^media-ci\s+media\s+publish\s+创建 \S+  到期 -  最近使用 20\S+  已吊销 20/);
    assert.match(list.find((line) => line.startsWith('media-old'))!, /最近使用 -  有效$/);

    // Who was given which rights, and when they were taken back, is the area's history too.
    const lines2: string[] = [];
    await remotesCommand(t.app.platform, new PreviewLinks('p'.repeat(32))).run(['history', 'media'], (line) => lines2.push(line));
    assert.deepEqual(
      lines2.filter((l) => / token /.test(l)).map((l) => l.replace(/^\S+\s+/, '').replace(/20\S+Z/g, 'T')),
      ['token    -            cli          生成部署令牌 media-old（发布，至 T）', 'token    -            cli          吊销部署令牌 media-ci', 'token    -            cli          生成部署令牌 media-ci（发布）'],
    );
  });

  it('refuses a token that is badly asked for, with the reason', async () => {
    const refused = async (argv: string[]) => {
      const error = await tokensCommand(tokens).run(argv, () => undefined).then(() => null, (e: Error) => e);
      return error?.message;
    };
    assert.equal(await refused(['create', '--name', 'x', '--area', 'shop', '--can', 'publish']), '未知区域：shop（可选：account、chat、media、pay、toolbox）');
    assert.equal(await refused(['create', '--name', 'x', '--area', 'pay', '--can', 'publish,deploy']), '未知权限：deploy（可选：publish、canary、activate、rollback）');
    assert.equal(await refused(['create', '--name', 'ops', '--area', 'pay', '--can', 'publish']), '令牌名称不能是 ops（历史记录里它指运维本人）');
    assert.equal(await refused(['create', '--name', 'guard', '--area', 'pay', '--can', 'publish']), '令牌名称不能是 guard（历史记录里它指灰度守卫的自动回滚）');
    assert.equal(await refused(['create', '--name', 'pay-ci', '--area', 'pay', '--can', 'publish']), '已有名为 pay-ci 的令牌（吊销的也保留着名字，以便历史可查）');
    assert.equal(await refused(['create', '--name', 'y', '--area', 'pay', '--can', 'publish', '--expires-days', '0']), '有效天数必须是正整数');
    assert.match((await refused(['create', '--name', 'y', '--area', 'pay', '--can', 'publish', '--expires', '2000-01-01']))!, /^到期时间 2000-01-01T16:00:00\.000Z 已经过去$/);
    assert.equal(await refused(['create', '--name', 'y', '--area', 'pay', '--can', 'publish', '--expires', '2030-02-30']), '--expires 必须是 YYYY-MM-DD 格式的日期，收到 2030-02-30');
    assert.equal(await refused(['create', '--name', 'y', '--area', 'pay', '--can', 'publish', '--expires', '2099-12-31', '--expires-days', '3']), '--expires 和 --expires-days 只能给一个');

    const printed: string[] = [];
    await tokensCommand(tokens).run(['create', '--name', 'pay-2099', '--area', 'pay', '--can', 'publish', '--expires', '2099-12-31'], (line) => printed.push(line));
    assert.match(printed[0]!, /有效期至 2099-12-31（北京时间当天结束）/);
    assert.equal((await tokens.list()).find((row) => row.name === 'pay-2099')!.expires_at, '2099-12-31T16:00:00.000Z', 'the end of the last day in China');
    assert.equal(await refused(['revoke', 'nobody']), '没有名为 nobody 的令牌');
  });

  it("runs a team's whole deploy from its own machine over HTTP (pnpm ops remotes … --server), each step printed as on the server", async () => {
    const token = await tokens.create({ name: 'toolbox-ci', area: 'toolbox', rights: ['publish', 'canary', 'activate', 'rollback'] });
    const publishOnly = await tokens.create({ name: 'toolbox-pub', area: 'toolbox', rights: ['publish'] });
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
    const ops = async (argv: string[], env: NodeJS.ProcessEnv = { DEPLOY_TOKEN: token }) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(['remotes', ...argv], { env, out: (line) => out.push(line), err: (line) => err.push(line) });
      return { code, out, err };
    };
    const ok = async (...argv: string[]) => {
      const run = await ops([...argv, '--server', server]);
      assert.equal(run.code, 0, run.err.join('\n'));
      return run.out;
    };

    const pushed = await ok('push', 'toolbox', fakeRemoteBuild({ area: 'toolbox', version: '1.0.0' }));
    assert.match(pushed[0]!, /^已发布 toolbox 1\.0\.0（\d+ KiB）$/);
    assert.match(pushed[1]!, /^预览链接（20\S+Z 前有效，只对打开它的浏览器生效）：$/, 'the preview link comes with the push');
    assert.match(pushed[2]!, new RegExp(`^${server}/\\S*\\?preview=toolbox@1\\.0\\.0~`));
    assert.deepEqual(await ok('activate', 'toolbox', '1.0.0'), ['toolbox 已上线 1.0.0（回退版本 -）']);
    const build = fakeRemoteBuild({ area: 'toolbox', version: '2.0.0' });
    await ok('push', 'toolbox', build);
    assert.match((await ok('push', 'toolbox', build))[0]!, /^toolbox 2\.0\.0 已发布过（内容相同），未改动/);
    assert.deepEqual(await ok('canary', 'toolbox', '2.0.0', '20', '--auto-rollback', '--threshold', '10'), [
      'toolbox 对 20% 的访客灰度 2.0.0；失败率比在线版本高出 10 个百分点（10 分钟内至少 3 个失败访客）时自动回滚',
    ]);
    const list = await ok('list');
    assert.equal(list.length, 2, 'a deploy token lists its own area only');
    assert.match(list[0]!, /^toolbox\s+在线 1\.0\.0  上一版本 -  灰度 2\.0\.0 20%  已发布 \[/);
    assert.match(list[1]!, /^\s+守卫：失败率比在线版本高出 10 个百分点.*；此刻 灰度访客失败 0\/0/);
    assert.match((await ok('promote', 'toolbox'))[0]!, /^toolbox 已全量上线 2\.0\.0（灰度访客失败 0\/0/);
    assert.deepEqual(await ok('rollback', 'toolbox'), ['toolbox 已从 2.0.0 回滚到 1.0.0']);
    const historyLines = await ok('history', 'toolbox', '--limit', '6');
    assert.deepEqual(historyLines.map((line) => line.replace(/^(\S+\s+){4}/, '').replace(/20\S+Z/, 'T').replace(/sha256-\S{12}…$/, 'sha256-…')), [
      '从 2.0.0',
      '从 1.0.0（灰度全量上线）',
      '20% 的访客；失败率比在线版本高出 10 个百分点（10 分钟内至少 3 个失败访客）时自动回滚',
      '预览链接，至 T 有效',
      '预览链接，至 T 有效',
      '内容 sha256-…',
    ]);
    const history = historyLines.map((line) => line.split(/\s+/).slice(1, 4));
    assert.deepEqual(history, [
      ['rollback', '1.0.0', 'toolbox-ci'],
      ['activate', '2.0.0', 'toolbox-ci'],
      ['canary', '2.0.0', 'toolbox-ci'],
      ['preview', '2.0.0', 'toolbox-ci'],
      ['preview', '2.0.0', 'toolbox-ci'],
      ['publish', '2.0.0', 'toolbox-ci'],
    ]);

    // Two builds published without a preview link: the older one is the only one a prune may delete
    // (1.0.0 is live, 2.0.0 has a valid preview link, 0.9.1 is the newest).
    for (const version of ['0.9.0', '0.9.1']) await t.app.platform.publish({ area: 'toolbox', buildDir: fakeRemoteBuild({ area: 'toolbox', version }) });
    assert.deepEqual(await ok('prune', 'toolbox', '--keep', '1', '--dry-run'), ['toolbox 可删除 1 个旧版本：0.9.0；保留 3 个（去掉 --dry-run 即删除）']);
    assert.deepEqual(await ok('prune', 'toolbox', '--keep', '1'), ['已删除 toolbox 的 1 个旧版本：0.9.0；保留 3 个']);
    assert.deepEqual(await ok('prune', 'toolbox', '--keep', '1'), ['toolbox 没有可删除的旧版本（3 个都保留）']);
    assert.match((await ok('history', 'toolbox', '--limit', '1'))[0]!, /^\S+\s+prune\s+-\s+toolbox-ci\s+删除旧版本 0\.9\.0（保留最近 1 个及在用的）$/);
    const served = async (version: string) => (await t.app.server.inject({ method: 'GET', url: `/remotes/toolbox/${version}/mf-manifest.json` })).statusCode;
    assert.deepEqual([await served('0.9.0'), await served('0.9.1')], [404, 200], 'the deleted release\'s files are gone');

    const badLimit = await call(token, 'GET', 'toolbox/history?limit=abc');
    assert.equal(badLimit.json().code, 400);
    assert.match(badLimit.json().msg, /limit 必须是数字/);

    // Refused by the server with its reason (exit 1), or before any call (exit 2).
    const refused = async (argv: string[], env?: NodeJS.ProcessEnv) => {
      const run = await ops(argv, env);
      return [run.code, run.err[0]];
    };
    assert.deepEqual(await refused(['push', 'chat', build, '--server', server]), [1, '失败：部署令牌 toolbox-ci 只能操作区域 toolbox，不能操作 chat']);
    assert.deepEqual(await refused(['canary', 'toolbox', '2.0.0', '5', '--server', server], { DEPLOY_TOKEN: publishOnly }), [1, '失败：部署令牌 toolbox-pub 没有灰度（canary）权限（它有：发布）']);
    assert.deepEqual(await refused(['activate', 'toolbox', '9.9.9', '--server', server]), [1, '失败：toolbox 没有已发布的版本 9.9.9（先用 publish 或 push 发布）']);
    assert.deepEqual(await refused(['prune', 'chat', '--server', server], { DEPLOY_TOKEN: publishOnly }), [1, '失败：部署令牌 toolbox-pub 只能操作区域 toolbox，不能操作 chat']);
    assert.deepEqual(await refused(['prune', 'toolbox', '--keep', '0', '--server', server]), [1, '失败：保留个数必须是 1 到 1000 的整数']);
    assert.deepEqual(await refused(['push', 'toolbox', build, '--server', server], {}), [2, '缺少令牌：--token 或环境变量 DEPLOY_TOKEN']);
    const unpublished = fakeRemoteBuild({ area: 'toolbox', version: '2.1.0' });
    assert.deepEqual(await refused(['push', 'toolbox', unpublished, '--hours', 'soon', '--server', server]), [2, '--hours 必须是非负数']);
    assert.equal((await t.app.platform.history('toolbox')).some((e) => e.version === '2.1.0'), false, 'refused before anything is sent');
    assert.deepEqual(await refused(['publish', 'toolbox', '--server', server]), [2, 'publish 只在服务器上运行；从别的机器发布用 push <area> <buildDir> --server <url>']);
    assert.deepEqual(await refused(['list', '--server', '127.0.0.1:8094']), [2, '--server 不是 http(s) 地址：127.0.0.1:8094']);
    assert.match((await refused(['list', '--server', 'http://127.0.0.1:9']))[1] as string, /^失败：无法连接 http:\/\/127\.0\.0\.1:9：/);
  });
});
