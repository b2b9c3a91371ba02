import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LedgerEntryView, Page, PriceQuote } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, call, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { china, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';

const SESSION_EXPIRED = { code: 401, data: null, msg: '登录状态已失效，请重新登录' };

describe(`points HTTP API (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  const clock = new TestClock(china('2030-01-10 12:00'));
  before(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, POINTS_DAILY_BY_TIER: '2000,10000,30000,60000' }, { now: clock.now });
    const session = await register(t.app.server, { phone: uniquePhone() });
    token = session.accessToken;
    userId = decodeJwt(token).sub!;
  });
  after(() => t.close());
  const server = () => t.app.server;

  it('integral: permanent and daily points, with the daily refresh; LoginResult carries the same', async () => {
    assert.deepEqual(await data(server(), 'GET', 'system/user/integral', { token }), { restIntegral: 0, restIntegral2: 2000 });
    await t.app.points.credit(userId, 'permanent', 8888, { kind: 'invite', reference: null, key: `t:${userId}` });
    assert.deepEqual(await data(server(), 'GET', 'system/user/integral', { token }), { restIntegral: 8888, restIntegral2: 2000 });
  });

  it('integralHistoryPage: newest first, kinds in Chinese, pages', async () => {
    for (let i = 0; i < 5; i++) await t.app.points.debit(userId, 10, { kind: 'chat', reference: 'gpt-4o-mini', key: `h:${userId}:${i}` });
    const page = await data<Page<LedgerEntryView>>(server(), 'POST', 'system/user/integralHistoryPage', { token, payload: { pageNo: 1, pageSize: 3 } });
    assert.equal(page.total, 7);
    assert.equal(page.list.length, 3);
    assert.deepEqual(Object.keys(page.list[0]!).sort(), ['balanceAfter', 'bucket', 'createdAt', 'delta', 'id', 'kind', 'kindText', 'reference']);
    assert.deepEqual(
      page.list.map((e) => [e.kind, e.kindText, e.bucket, e.delta, e.balanceAfter, e.reference]),
      [
        ['chat', '对话消费', 'daily', -10, 1950, 'gpt-4o-mini'],
        ['chat', '对话消费', 'daily', -10, 1960, 'gpt-4o-mini'],
        ['chat', '对话消费', 'daily', -10, 1970, 'gpt-4o-mini'],
      ],
    );
    assert.equal(typeof page.list[0]!.id, 'string');
    assert.equal(page.list[0]!.createdAt, china('2030-01-10 12:00').toISOString());
    const last = await data<Page<LedgerEntryView>>(server(), 'POST', 'system/user/integralHistoryPage', { token, payload: { pageNo: 3, pageSize: 3 } });
    assert.deepEqual(last.list.map((e) => e.kindText), ['每日积分发放']);
    const beyond = await data<Page<LedgerEntryView>>(server(), 'POST', 'system/user/integralHistoryPage', { token, payload: { pageNo: 9, pageSize: 3 } });
    assert.deepEqual(beyond, { list: [], total: 7 });
    const max = await data<Page<LedgerEntryView>>(server(), 'POST', 'system/user/integralHistoryPage', { token, payload: { pageNo: 1, pageSize: 100 } });
    assert.equal(max.list.length, 7);
  });

  it('integralHistoryPage refuses bad paging', async () => {
    const bad = [{}, { pageNo: 1 }, { pageSize: 10 }, { pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 0 }, { pageNo: 1, pageSize: 101 }, { pageNo: 1.5, pageSize: 10 }, { pageNo: '1', pageSize: '10' }, { pageNo: -1, pageSize: 10 }, { pageNo: null, pageSize: 10 }];
    for (const payload of bad) {
      const answer = await envelope(server(), 'POST', 'system/user/integralHistoryPage', { token, payload });
      assert.equal(answer.code, 400, JSON.stringify(payload));
      assert.match(answer.msg, /^请求参数不正确/);
    }
    const notJson = await call(server(), 'POST', 'system/user/integralHistoryPage', { token, payload: 'garbage', headers: { 'content-type': 'application/json' } });
    assert.equal(notJson.statusCode, 400);
    assert.equal(notJson.json().msg, '请求体不是合法的 JSON');
  });

  it('quote: the most a message can cost, the listed price, the discount and whether it may be sent', async () => {
    const quote = (payload: unknown) => data<PriceQuote>(server(), 'POST', 'points/quote', { token, payload });
    assert.deepEqual(await quote({ model: 'gpt-4o' }), { model: 'gpt-4o', maxCost: 600, priceText: '600积分/次', multiplier: 1, allowed: true, reason: null, reasonCode: null });
    assert.deepEqual(await quote({ model: 'gpt-4o', webSearch: true }), { model: 'gpt-4o', maxCost: 1100, priceText: '600积分/次', multiplier: 1, allowed: true, reason: null, reasonCode: null });
    assert.equal((await quote({ model: 'gpt-4.1' })).maxCost, 2800);
    assert.equal((await quote({ model: 'gpt-4.1', promptChars: 1000 })).maxCost, 3500);
    assert.equal((await quote({ model: 'gpt-4-gizmo-g-user-c-x1' })).priceText, '0.01积分/字');
    assert.deepEqual(await quote({ model: 'claude-opus-4' }).then((q) => [q.allowed, q.reason, q.reasonCode]), [false, '[套餐2及以上用户或订阅用户使用]', 1801]);
    assert.deepEqual(await quote({ model: 'gpt-4.5-preview' }).then((q) => [q.maxCost, q.allowed, q.reason]), [100000, false, '[套餐2及以上用户或订阅用户使用]']);
    assert.deepEqual(await quote({ model: 'o3-pro-all' }).then((q) => [q.allowed, q.reason]), [false, '[套餐2及以上用户或订阅用户使用]']);
    assert.deepEqual(await quote({ model: 'o3-new-all' }).then((q) => [q.maxCost, q.allowed, q.reason, q.reasonCode]), [16000, false, '积分不足，请及时充值', 602]);

    await t.app.db.db.updateTable('users').set({ user_package2: 2, user_package_expire_time2: china('2031-01-01 00:00').toISOString() }).where('id', '=', userId).execute();
    assert.deepEqual(await quote({ model: 'gpt-4o' }), { model: 'gpt-4o', maxCost: 480, priceText: '600积分/次', multiplier: 0.8, allowed: true, reason: null, reasonCode: null });
    assert.deepEqual(await quote({ model: 'o1-pro-all' }).then((q) => [q.maxCost, q.allowed, q.reason]), [8000, true, null]);
    assert.deepEqual(await quote({ model: 'claude-opus-4' }).then((q) => [q.maxCost, q.allowed, q.reason, q.reasonCode]), [16000, false, '积分不足，请及时充值', 602]);
    await t.app.db.db.updateTable('users').set({ user_package2: 0, user_package_expire_time2: null }).where('id', '=', userId).execute();
  });

  it('quote refuses unknown models and bad input clearly', async () => {
    assert.deepEqual(await envelope(server(), 'POST', 'points/quote', { token, payload: { model: 'gpt-99' } }), { code: 400, data: null, msg: '未知的模型' });
    for (const payload of [{}, { model: '' }, { model: '   ' }, { model: 42 }, { model: 'gpt-4o', webSearch: 'yes' }, { model: 'gpt-4o', promptChars: -1 }, { model: 'x'.repeat(201) }]) {
      const answer = await envelope(server(), 'POST', 'points/quote', { token, payload });
      assert.equal(answer.code, 400, JSON.stringify(payload));
      assert.match(answer.msg, /^请求参数不正确/);
    }
  });

  it('every points route needs a signed-in user', async () => {
    const routes = [
      ['GET', 'system/user/integral'],
      ['POST', 'system/user/integralHistoryPage'],
      ['POST', 'points/quote'],
      ['GET', 'system/user/signin'],
      ['GET', 'system/user/signinStatus'],
      ['GET', 'system/user/userCdKey?code=QM-2222-2222-2222'],
      ['GET', 'system/user/inviteInfo'],
    ] as const;
    for (const [method, path] of routes) {
      for (const auth of [undefined, 'not-a-token']) {
        const response = await call(server(), method, path, { token: auth, payload: method === 'POST' ? { pageNo: 1, pageSize: 10, model: 'gpt-4o' } : undefined });
        assert.equal(response.statusCode, 401, path);
        assert.deepEqual(response.json(), SESSION_EXPIRED);
      }
    }
  });
});
