import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SignInResult, SignInStatus } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';
import { ACCOUNT_TEST_ENV, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { assertLedgerMatches, china, createUser, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';

const ENV = { ...ACCOUNT_TEST_ENV, POINTS_DAILY_BY_TIER: '100,200,300,400', SIGNIN_REWARDS: '10,20,30' };

describe(`sign-in (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-01-10 12:00'));
  before(async () => {
    t = await createTestApp(ENV, { now: clock.now });
  });
  after(() => t.close());
  const server = () => t.app.server;

  it('signs in once per business day over HTTP; userinfo and the status say so', async () => {
    clock.set(china('2030-01-10 12:00'));
    const { accessToken: token } = await register(server(), { phone: uniquePhone() });
    const status = (): Promise<SignInStatus> => data(server(), 'GET', 'system/user/signinStatus', { token });
    const hasSignIn = async () => (await data<{ hasSignIn: boolean }>(server(), 'GET', 'system/user/userinfo', { token })).hasSignIn;
    assert.deepEqual(await status(), { signedToday: false, streak: 0, todayReward: 10, rewards: [10, 20, 30] });
    assert.equal(await hasSignIn(), false);

    const first = await envelope<SignInResult>(server(), 'GET', 'system/user/signin', { token });
    assert.deepEqual(first, { code: 0, msg: '签到成功', data: { reward: 10, streak: 1, restIntegral: 10, restIntegral2: 100 } });
    assert.deepEqual(await envelope(server(), 'GET', 'system/user/signin', { token }), { code: 1601, data: null, msg: '今天已经签到过了' });
    assert.deepEqual(await status(), { signedToday: true, streak: 1, todayReward: 10, rewards: [10, 20, 30] });
    assert.equal(await hasSignIn(), true);
    assert.deepEqual(await data(server(), 'GET', 'system/user/integral', { token }), { restIntegral: 10, restIntegral2: 100 });

    clock.set(china('2030-01-11 02:59'));
    assert.deepEqual(await envelope(server(), 'GET', 'system/user/signin', { token }).then((a) => a.code), 1601, '02:59 is still the same business day');
    clock.set(china('2030-01-11 03:00'));
    assert.equal(await hasSignIn(), false);
    assert.deepEqual(await status(), { signedToday: false, streak: 1, todayReward: 20, rewards: [10, 20, 30] });
    assert.deepEqual(await data(server(), 'GET', 'system/user/signin', { token }), { reward: 20, streak: 2, restIntegral: 30, restIntegral2: 100 });
  });

  it('the reward grows with the streak, the last value repeats, a missed day starts again', async () => {
    const user = await createUser(t.app);
    const rewards: Array<[number, number]> = [];
    for (const day of ['2030-02-01', '2030-02-02', '2030-02-03', '2030-02-04', '2030-02-05', '2030-02-07', '2030-02-08']) {
      clock.set(china(`${day} 09:00`));
      const result = await t.app.signin.signIn(user);
      rewards.push([result.streak, result.reward]);
    }
    assert.deepEqual(rewards, [[1, 10], [2, 20], [3, 30], [4, 30], [5, 30], [1, 10], [2, 20]]);
    clock.set(china('2030-02-10 09:00'));
    assert.deepEqual(await t.app.signin.status(user), { signedToday: false, streak: 0, todayReward: 10, rewards: [10, 20, 30] });
    const entries = (await t.app.points.history(user, 1, 100)).list.filter((e) => e.kind === 'signin');
    assert.deepEqual(entries.map((e) => [e.kindText, e.bucket, e.delta]).reverse(), rewards.map(([, r]) => ['签到奖励', 'permanent', r]));
    assert.equal((await t.app.points.balance(user)).restIntegral, 150);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('concurrent sign-ins: exactly one succeeds', async () => {
    clock.set(china('2030-03-01 09:00'));
    const user = await createUser(t.app);
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => t.app.signin.signIn(user)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    assert.equal(ok.length, 1);
    assert.ok(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof AppError && (r as PromiseRejectedResult).reason.code === 1601));
    const rows = await t.app.db.db.selectFrom('signins').selectAll().where('user_id', '=', user).execute();
    assert.equal(rows.length, 1);
    assert.deepEqual(await assertLedgerMatches(t.app.db.db, user), { daily: 100, permanent: 10 });
  });

  it('concurrent sign-ins over HTTP at the 03:00 boundary: one per business day', async () => {
    clock.set(china('2030-04-01 02:59'));
    const { accessToken: token } = await register(server(), { phone: uniquePhone() });
    const codes = async () => (await Promise.all(Array.from({ length: 10 }, () => envelope(server(), 'GET', 'system/user/signin', { token })))).map((a) => a.code).sort();
    assert.deepEqual(await codes(), [0, ...Array(9).fill(1601)]);
    clock.set(china('2030-04-01 03:00'));
    assert.deepEqual(await codes(), [0, ...Array(9).fill(1601)]);
    clock.set(china('2030-04-01 03:01'));
    assert.deepEqual(await codes(), Array(10).fill(1601));
    assert.deepEqual(await data(server(), 'GET', 'system/user/signinStatus', { token }), { signedToday: true, streak: 2, todayReward: 20, rewards: [10, 20, 30] });
  });
});
