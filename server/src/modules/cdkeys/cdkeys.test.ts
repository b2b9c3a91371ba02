import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RedeemResult } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';
import { ACCOUNT_TEST_ENV, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { assertLedgerMatches, china, createUser, TestClock } from '../../testing/points.js';
import { opsCli } from '../../testing/opsCli.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { canonicalCdkey, hashCdkey, randomCdkey } from './codeFormat.js';
import { OpsInputError } from '../module.js';
import { endOfChinaDay } from './service.js';

const refusedWith = (code: number, msg: string) => (error: unknown) => error instanceof AppError && error.code === code && error.message === msg;

describe('redemption code format', () => {
  it('QM-XXXX-XXXX-XXXX of the unambiguous alphabet, read leniently', () => {
    for (let i = 0; i < 200; i++) assert.match(randomCdkey(), /^QM-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/);
    assert.equal(canonicalCdkey('qm-abcd-efgh-jkmn'), 'QM-ABCD-EFGH-JKMN');
    assert.equal(canonicalCdkey(' ABCD EFGH JKMN '), 'QM-ABCD-EFGH-JKMN');
    assert.equal(canonicalCdkey('QMABCDEFGHJKMN'), 'QM-ABCD-EFGH-JKMN');
    for (const bad of ['', 'QM-ABCD-EFGH-JKM', 'QM-ABCD-EFGH-JKM0', 'QM-ABCD-EFGH-JKMNP', 'XX-ABCD-EFGH-JKMN', '💥']) assert.equal(canonicalCdkey(bad), null, bad);
    assert.match(hashCdkey('QM-ABCD-EFGH-JKMN'), /^[0-9a-f]{64}$/);
  });

  it('--expires is the last valid day, China time', () => {
    assert.equal(endOfChinaDay('2030-01-31'), china('2030-02-01 00:00').toISOString());
    assert.throws(() => endOfChinaDay('2030-02-30'), OpsInputError);
    assert.throws(() => endOfChinaDay('31/01/2030'), OpsInputError);
  });
});

describe(`redemption codes (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-01-10 12:00'));
  before(async () => {
    // Many refused redemptions from one address (the concurrency case): no IP throttle here.
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, POINTS_DAILY_BY_TIER: '100,200,300,400', CDKEY_MAX_FAILURES_PER_IP: '100000' }, { now: clock.now });
  });
  after(() => t.close());
  const server = () => t.app.server;
  const cdkeys = () => t.app.cdkeys;

  it('redeems over HTTP once, with clear messages for used, unknown, malformed and expired codes', async () => {
    const { accessToken: token } = await register(server(), { phone: uniquePhone() });
    const { codes } = await cdkeys().createBatch({ points: 5000, count: 2, note: 'test' });
    const redeem = (code: string) => envelope<RedeemResult>(server(), 'GET', `system/user/userCdKey?code=${encodeURIComponent(code)}`, { token });
    assert.deepEqual(await redeem(codes[0]!.toLowerCase()), { code: 0, msg: '兑换成功', data: { points: 5000, restIntegral: 5000, restIntegral2: 100 } });
    assert.deepEqual(await redeem(codes[0]!), { code: 1702, data: null, msg: '兑换码已被使用' });
    assert.deepEqual(await redeem('QM-2345-6789-ABCD'), { code: 1701, data: null, msg: '兑换码不存在' });
    assert.deepEqual(await redeem('hello'), { code: 1701, data: null, msg: '兑换码不存在' });
    assert.deepEqual(await data(server(), 'GET', 'system/user/integral', { token }), { restIntegral: 5000, restIntegral2: 100 });

    const expiring = await cdkeys().createBatch({ points: 100, count: 1, expiresOn: '2030-01-10' });
    clock.set(china('2030-01-10 23:59'));
    const live = await cdkeys().createBatch({ points: 100, count: 1, expiresOn: '2030-01-10' });
    assert.equal((await redeem(live.codes[0]!)).code, 0, 'valid through the last day');
    clock.set(china('2030-01-11 00:00'));
    assert.deepEqual(await redeem(expiring.codes[0]!), { code: 1703, data: null, msg: '兑换码已过期' });
    assert.deepEqual(await redeem(codes[1]!).then((a) => a.code), 0, 'no expiry: still valid');

    for (const query of ['', '?code=', '?code=%20%20', `?code=${'A'.repeat(65)}`, '?other=1']) {
      const answer = await envelope(server(), 'GET', `system/user/userCdKey${query}`, { token });
      assert.equal(answer.code, 400, query);
      assert.match(answer.msg, /^请求参数不正确/);
    }
  });

  it('stores only hashes; the history shows a masked code', async () => {
    const user = await createUser(t.app);
    const { codes, batchId } = await cdkeys().createBatch({ points: 7, count: 3 });
    const rows = await t.app.db.db.selectFrom('cdkeys').selectAll().where('batch_id', '=', batchId).execute();
    assert.equal(rows.length, 3);
    for (const row of rows) assert.ok(!codes.some((code) => JSON.stringify(row).includes(code.slice(3))), 'no plaintext code stored');
    await cdkeys().redeem(user, codes[0]!, '127.0.0.1');
    const entry = (await t.app.points.history(user, 1, 1)).list[0]!;
    assert.deepEqual([entry.kind, entry.kindText, entry.delta, entry.reference], ['redeem', '兑换码兑换', 7, `QM-****-****-${codes[0]!.slice(-4)}`]);
  });

  it('one code, many redeemers at the same moment: exactly one gets the points', async () => {
    clock.set(china('2030-02-01 12:00'));
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t.app)));
    const { codes } = await cdkeys().createBatch({ points: 1000, count: 1 });
    const results = await Promise.allSettled(users.flatMap((user) => [cdkeys().redeem(user, codes[0]!, '127.0.0.1'), cdkeys().redeem(user, codes[0]!, '127.0.0.1')]));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.ok(results.filter((r) => r.status === 'rejected').every((r) => refusedWith(1702, '兑换码已被使用')((r as PromiseRejectedResult).reason)));
    const credited = await t.app.db.db.selectFrom('points_ledger').select('user_id').where('kind', '=', 'redeem').where('user_id', 'in', users).execute();
    assert.equal(credited.length, 1);
    for (const user of users) await assertLedgerMatches(t.app.db.db, user);
  });

  it('plan-days codes: set or extend the subscription tier; a higher tier in force refuses and keeps the code', async () => {
    clock.set(china('2030-03-01 12:00'));
    const user = await createUser(t.app);
    const { codes } = await cdkeys().createBatch({ points: 0, count: 3, planTier: 2, planDays: 30 });
    assert.deepEqual(await cdkeys().redeem(user, codes[0]!, '127.0.0.1'), { points: 0, restIntegral: 0, restIntegral2: 100 });
    const tierOf = async (id: string) => t.app.db.db.selectFrom('users').select(['user_package2', 'user_package_expire_time2']).where('id', '=', id).executeTakeFirstOrThrow();
    const start = china('2030-03-01 12:00').getTime();
    assert.deepEqual(await tierOf(user), { user_package2: 2, user_package_expire_time2: new Date(start + 30 * 86_400_000).toISOString() });
    await cdkeys().redeem(user, codes[1]!, '127.0.0.1');
    assert.deepEqual(await tierOf(user), { user_package2: 2, user_package_expire_time2: new Date(start + 60 * 86_400_000).toISOString() }, 'extended');

    const pro = await createUser(t.app);
    await t.app.db.db.updateTable('users').set({ user_package2: 3, user_package_expire_time2: china('2031-01-01 00:00').toISOString() }).where('id', '=', pro).execute();
    await assert.rejects(cdkeys().redeem(pro, codes[2]!, '127.0.0.1'), refusedWith(400, '您当前的套餐高于兑换码的套餐，无法兑换'));
    const other = await createUser(t.app);
    await cdkeys().redeem(other, codes[2]!, '127.0.0.1');
    assert.equal((await tierOf(other)).user_package2, 2, 'the refused code was still unused');
  });

  it('refuses bad batches', async () => {
    for (const bad of [{ points: -1, count: 1 }, { points: 1, count: 0 }, { points: 1, count: 10_001 }, { points: 0, count: 1 }, { points: 1, count: 1, planTier: 4, planDays: 3 }, { points: 1, count: 1, planTier: 2 }, { points: 1, count: 1, expiresOn: '2000-01-01' }]) {
      await assert.rejects(cdkeys().createBatch(bad), OpsInputError, JSON.stringify(bad));
    }
  });
});

describe(`pnpm ops cdkeys (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ POINTS_DAILY_BY_TIER: '100,200,300,400' });
  });
  after(() => t.close());
  const ops = (...args: string[]) => opsCli(t.storage, ['cdkeys', ...args]);

  it('creates batches, prints their codes once, lists batches and codes', async () => {
    const created = await ops('create', '--points', '300', '--count', '3', '--expires', '2099-12-31', '--note', '双十一');
    assert.equal(created.code, 0, created.err);
    const codes = created.out.split('\n').filter((line) => /^QM-/.test(line));
    assert.equal(codes.length, 3);
    const batchId = /批次 ([0-9a-f]{8})/.exec(created.out)![1]!;
    const user = await createUser(t.app);
    assert.equal((await t.app.cdkeys.redeem(user, codes[1]!, '127.0.0.1')).points, 300);
    const plan = await ops('create', '--plan-tier', '2', '--plan-days', '30', '--count', '1');
    assert.equal(plan.code, 0, plan.err);
    assert.match(plan.out, /套餐 2 30 天/);

    const list = await ops('list');
    assert.equal(list.code, 0, list.err);
    assert.match(list.out, new RegExp(`${batchId} .* 300 积分 {2}已使用 1/3 .*双十一`));
    assert.match(list.out, / 套餐 2 30 天 {2}已使用 0\/1 /);
    const listed = await ops('list', '--batch', batchId);
    assert.equal(listed.out.trim().split('\n').length, 3);
    assert.match(listed.out, new RegExp(`QM-\\*\\*\\*\\*-\\*\\*\\*\\*-${codes[1]!.slice(-4)} {2}已使用`));
    assert.ok(!listed.out.includes(codes[0]!), 'codes are not shown again');
  });

  it('explains bad input with exit code 2', async () => {
    const result = await ops('create', '--count', '3');
    assert.equal(result.code, 2);
    assert.match(result.err, /缺少参数：--points/);
  });
});

describe(`redemption codes: wrong codes are throttled per account and per IP (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, CDKEY_MAX_FAILURES_PER_ACCOUNT: '3', CDKEY_MAX_FAILURES_PER_IP: '5' });
  });
  after(() => t.close());

  const THROTTLED = { code: 1704, data: null, msg: '兑换码错误次数过多，请稍后再试' };
  const redeem = (token: string, code: string, remoteAddress: string) => envelope<RedeemResult>(t.app.server, 'GET', `system/user/userCdKey?code=${encodeURIComponent(code)}`, { token, remoteAddress });

  it('refuses an account after its wrong tries, even a good code, while other accounts go on', async () => {
    const { accessToken: guesser } = await register(t.app.server, { phone: uniquePhone() });
    const { codes } = await t.app.cdkeys.createBatch({ points: 10, count: 2 });
    for (const guess of ['QM-2345-6789-ABCD', 'QM-2345-6789-ABCE', 'nonsense']) assert.equal((await redeem(guesser, guess, '10.0.0.1')).code, 1701);
    assert.deepEqual(await redeem(guesser, codes[0]!, '10.0.0.2'), THROTTLED, 'from another IP too');
    const { accessToken: other } = await register(t.app.server, { phone: uniquePhone() });
    assert.equal((await redeem(other, codes[0]!, '10.0.0.3')).code, 0);
  });

  it('refuses an IP after its wrong tries, whichever account tries', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 5; i++) {
      const { accessToken } = await register(t.app.server, { phone: uniquePhone() });
      assert.equal((await redeem(accessToken, `QM-2345-6789-AB${'CDEFG'[i]}${'H'}`, ip)).code, 1701);
    }
    const { accessToken: fresh } = await register(t.app.server, { phone: uniquePhone() });
    const { codes } = await t.app.cdkeys.createBatch({ points: 10, count: 1 });
    assert.deepEqual(await redeem(fresh, codes[0]!, ip), THROTTLED);
    assert.equal((await redeem(fresh, codes[0]!, '10.0.1.2')).code, 0, 'the same account from elsewhere');
  });
});
