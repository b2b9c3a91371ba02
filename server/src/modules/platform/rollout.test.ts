import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AREAS } from '@qiming/contracts/federation';
import type { Registry } from '@qiming/contracts';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { fakeRemoteBuild } from '../../testing/fakeRemoteBuild.js';
import { signed } from '../../testing/signature.js';
import { cohortBucket } from './cohort.js';
import { DeployTokens } from './deployTokens.js';
import { DeployTokensRepository } from './deployTokensRepository.js';
import { remotesCommand } from './opsCommands.js';
import { PREVIEW_COOKIE, PreviewLinks } from './previewLinks.js';

/** Anonymous visitors by cohort bucket of `area` (the cookie decides the bucket). */
function visitorsIn(area: string, inBucket: (bucket: number) => boolean, count: number): string[] {
  const found: string[] = [];
  for (let i = 0; found.length < count; i++) {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    if (inBucket(cohortBucket(area, `a:${id}`))) found.push(id);
  }
  return found;
}

describe(`preview links and the guarded canary (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let payToken: string;
  before(async () => {
    t = await createTestApp({ PREVIEW_LINK_SECRET: 'p'.repeat(32) });
    for (const version of ['1.0.0', '2.0.0', '3.0.0']) await t.app.platform.publish({ area: 'pay', buildDir: fakeRemoteBuild({ area: 'pay', version }) });
    await t.app.platform.activate('pay', '1.0.0');
    const tokens = new DeployTokens(new DeployTokensRepository(t.app.db.db), AREAS.map((a) => a.area));
    payToken = await tokens.create({ name: 'pay-ci', area: 'pay', rights: ['publish', 'canary', 'activate'] });
  });
  after(() => t.close());

  const ops = (path: string, payload: object = {}) =>
    t.app.server.inject({ method: 'POST', url: `/app-api/platform/ops/remotes/${path}`, headers: { authorization: `Bearer ${payToken}` }, payload });
  /** The registry the page carries for this visitor, and the cookies the page set. */
  const page = async (url: string, cookies: Record<string, string> = {}) => {
    const response = await t.app.server.inject({ method: 'GET', url, cookies });
    const block = /<script type="application\/json" id="qm-registry">(.*?)<\/script>/s.exec(response.body);
    assert.ok(block, 'the page carries the registry');
    return { registry: JSON.parse(block[1]!) as Registry, cookies: response.cookies };
  };
  const payOf = (registry: Registry) => registry.areas.find((a) => a.area === 'pay')!;
  const report = (visitor: string, version: string) =>
    t.app.server.inject(signed({ method: 'POST', url: '/app-api/platform/remote-errors', payload: { area: 'pay', version, stage: 'mount', message: 'Error: boom' }, cookies: { qm_aid: visitor } }));
  const remotesCli = async (...argv: string[]) => {
    const lines: string[] = [];
    await remotesCommand(t.app.platform, new PreviewLinks('p'.repeat(32))).run(argv, (line) => lines.push(line));
    return lines;
  };

  describe('preview before activation', () => {
    it('loads the version for the browser that opens the link, with a badge, and for nobody else', async () => {
      const made = await ops('pay/preview', { version: '2.0.0', hours: 2 });
      assert.equal(made.json().code, 0);
      const url = new URL(made.json().data.url);
      assert.equal(url.pathname, '/pay');

      const previewer = await page(`${url.pathname}${url.search}`, { qm_aid: visitorsIn('pay', () => true, 1)[0]! });
      const pay = payOf(previewer.registry);
      assert.equal(pay.version, '2.0.0');
      assert.equal(pay.entry, '/remotes/pay/2.0.0/mf-manifest.json');
      assert.deepEqual(pay.fallback, { version: '1.0.0', entry: '/remotes/pay/1.0.0/mf-manifest.json' });
      assert.ok(pay.preview && Date.parse(pay.preview.expiresAt) > Date.now() + 3600_000);
      assert.deepEqual(previewer.registry.previewNotice, { ok: true, message: '正在预览 pay 2.0.0：只有这个浏览器看得到' });
      const cookie = previewer.cookies.find((c) => c.name === PREVIEW_COOKIE)!;
      assert.equal(cookie.httpOnly, true);

      // The cookie carries it on: every page and the registry call, until it ends.
      const later = await page('/chatPage', { [PREVIEW_COOKIE]: cookie.value });
      assert.equal(payOf(later.registry).version, '2.0.0');
      assert.equal(later.registry.previewNotice, undefined);
      const call = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/remotes', cookies: { [PREVIEW_COOKIE]: cookie.value } });
      assert.equal(payOf(call.json().data).version, '2.0.0');

      const visitor = await page('/pay');
      assert.equal(payOf(visitor.registry).version, '1.0.0');
      assert.equal(payOf(visitor.registry).preview, undefined);
      assert.equal((await t.app.platform.summary()).find((s) => s.area === 'pay')!.previous, null, 'a preview is never anyone\'s fallback');

      const ended = await page('/pay?preview=off', { [PREVIEW_COOKIE]: cookie.value });
      assert.equal(payOf(ended.registry).version, '1.0.0');
      assert.equal(ended.registry.previewNotice?.message, '已退出预览，现在看到的是线上版本');
      assert.equal(ended.cookies.find((c) => c.name === PREVIEW_COOKIE)?.value, '');

      const [event] = await t.app.platform.history('pay', 1);
      assert.equal(event!.kind, 'preview');
      assert.equal(event!.actor, 'pay-ci');
    });

    it('refuses a changed, expired or unpublished link, and the page goes on with the live version', async () => {
      const { path } = await t.app.platform.previewGrant(new PreviewLinks('p'.repeat(32)), { area: 'pay', version: '2.0.0' });
      const tampered = await page(path.replace('2.0.0', '3.0.0'));
      assert.equal(payOf(tampered.registry).version, '1.0.0');
      assert.deepEqual(tampered.registry.previewNotice, { ok: false, message: '预览链接无效（签名不对），请向发布者重新要一个' });

      const expired = new PreviewLinks('p'.repeat(32)).sign({ area: 'pay', version: '2.0.0', expiresAt: Date.parse('2026-01-01T00:00:00Z') });
      const old = await page(`/pay?preview=${expired}`);
      assert.equal(old.registry.previewNotice?.message, '预览链接已于 2026-01-01 00:00（UTC）过期，请向发布者重新要一个');
      assert.equal(payOf(old.registry).version, '1.0.0');

      assert.match((await ops('pay/preview', { version: '9.9.9' })).json().msg, /没有已发布的版本 9\.9\.9/);
      assert.equal((await ops('chat/preview', { version: '1.0.0' })).statusCode, 403);
      assert.equal((await ops('pay/preview', { version: '2.0.0', hours: 1000 })).json().msg, '请求参数不正确：hours: 不能超过 168 小时');
    });
  });

  describe('guarded canary', () => {
    const canaryVisitors = visitorsIn('pay', (b) => b < 50, 4);
    const activeVisitors = visitorsIn('pay', (b) => b >= 50, 20);
    const loadPay = (visitor: string) => page('/pay', { qm_aid: visitor });

    it('does not roll back on a single failure, nor count reports from outside the cohort or twice from one visitor', async () => {
      const started = await ops('pay/canary', { version: '2.0.0', percent: 50, autoRollback: { minVisitors: 3, thresholdPercent: 10 } });
      assert.equal(started.json().msg, 'pay 对 50% 的访客灰度 2.0.0，失败率超阈值时自动回滚');
      for (const v of canaryVisitors) assert.equal(payOf((await loadPay(v)).registry).version, '2.0.0');
      await report(canaryVisitors[0]!, '2.0.0');
      await report(canaryVisitors[0]!, '2.0.0');
      await report(canaryVisitors[0]!, '2.0.0');
      // A visitor outside the cohort cannot speak for the canary (anyone can send a report).
      await report(activeVisitors[0]!, '2.0.0');
      await report(activeVisitors[1]!, '2.0.0');
      const pay = (await t.app.platform.summary()).find((s) => s.area === 'pay')!;
      assert.equal(pay.canary?.version, '2.0.0');
      assert.match((await remotesCli('list')).find((l) => l.includes('守卫'))!, /^ +守卫：失败率比在线版本高出 10 个百分点（10 分钟内至少 3 个失败访客）时自动回滚；此刻 灰度访客失败 1\/4（25\.0%），在线版本访客失败 0\/0（0\.0%）/);
    });

    it('rolls back by itself on a burst from the cohort, once, and says why in the history', async () => {
      await report(canaryVisitors[1]!, '2.0.0');
      await report(canaryVisitors[2]!, '2.0.0');
      const pay = (await t.app.platform.summary()).find((s) => s.area === 'pay')!;
      assert.equal(pay.canary, null);
      assert.equal(payOf((await loadPay(canaryVisitors[1]!)).registry).version, '1.0.0');
      const rollbacks = (await t.app.platform.history('pay', 50)).filter((e) => e.kind === 'rollback');
      assert.equal(rollbacks.length, 1);
      assert.equal(rollbacks[0]!.actor, 'guard');
      assert.equal(rollbacks[0]!.version, '1.0.0');
      const detail = JSON.parse(rollbacks[0]!.detail);
      assert.equal(detail.from, '2.0.0');
      assert.equal(detail.reason, '自动回滚：灰度访客失败 3/4（75.0%），在线版本访客失败 0/0（0.0%），超过阈值 10 个百分点');
      const line = (await remotesCli('history', 'pay')).find((l) => l.includes(' rollback '))!;
      assert.match(line, /guard\s+自动回滚：灰度访客失败 3\/4.*（从 2\.0\.0）$/);
      // Further reports change nothing: the canary is over.
      await report(canaryVisitors[3]!, '2.0.0');
      assert.equal((await t.app.platform.history('pay', 50)).filter((e) => e.kind === 'rollback').length, 1);
    });

    it('holds while the canary fails no more than the live version does', async () => {
      await ops('pay/canary', { version: '3.0.0', percent: 50, autoRollback: { minVisitors: 2, thresholdPercent: 20 } });
      const canary = visitorsIn('pay', (b) => b < 50, 10);
      for (const v of [...canary, ...activeVisitors.slice(0, 10)]) await loadPay(v);
      // 3 of 10 on either side: the canary is no worse than what it would replace.
      for (const v of activeVisitors.slice(0, 3)) await report(v, '1.0.0');
      for (const v of canary.slice(0, 3)) await report(v, '3.0.0');
      assert.equal((await t.app.platform.summary()).find((s) => s.area === 'pay')!.canary?.version, '3.0.0');

      const promoted = await ops('pay/promote');
      assert.equal(promoted.json().msg, 'pay 已全量上线 3.0.0');
      const pay = (await t.app.platform.summary()).find((s) => s.area === 'pay')!;
      assert.deepEqual([pay.active, pay.previous, pay.canary], ['3.0.0', '1.0.0', null]);
      assert.equal((await ops('pay/promote')).json().msg, 'pay 没有正在灰度的版本');
      const rows = await t.app.db.db.selectFrom('remote_exposures').selectAll().where('area', '=', 'pay').execute();
      assert.equal(rows.length, 0, 'a guard\'s visitors are forgotten when it ends');
    });

    it('refuses a rule out of bounds and a canary of the live version', async () => {
      assert.equal((await ops('pay/canary', { version: '2.0.0', percent: 10, autoRollback: { windowMinutes: 0 } })).json().msg, '观察窗口必须是 1 到 1440 分钟的整数');
      assert.equal((await ops('pay/canary', { version: '3.0.0', percent: 10 })).json().msg, '3.0.0 已是 pay 的在线版本，无需灰度');
      const cliError = await remotesCli('canary', 'pay', '2.0.0', '10', '--window', '5').then(() => null, (e: Error) => e.message);
      assert.equal(cliError, '--threshold、--window、--min-visitors 要和 --auto-rollback 一起用');
      assert.deepEqual(await remotesCli('canary', 'pay', '2.0.0', '10', '--auto-rollback'), [
        'pay 对 10% 的访客灰度 2.0.0；失败率比在线版本高出 5 个百分点（10 分钟内至少 3 个失败访客）时自动回滚',
      ]);
      await remotesCli('canary', 'pay', '2.0.0', '0');
    });
  });
});
