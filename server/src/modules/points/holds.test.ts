import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../http/envelope.js';
import { assertLedgerMatches, china, createUser, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { CatalogueEditor, CatalogueRepository } from '../catalogue/index.js';
import { UnknownGenerationError } from './holds.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const ENV = { POINTS_DAILY_BY_TIER: '100,200,300,400', POINTS_HOLD_MINUTES: '30', POINTS_HOLD_MAX_OUTPUT_TOKENS: '4000' };
const refusedWith = (code: number, msg?: string) => (error: unknown) => error instanceof AppError && error.code === code && (msg === undefined || error.message === msg);

let generation = 0;
const gen = () => `gen-${process.pid}-${++generation}`;

describe(`points holds: hold / settle / refund (${DB})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-01-10 12:00'));
  before(async () => {
    t = await createTestApp(ENV, { now: clock.now });
  });
  after(() => t.close());
  const points = () => t.app.points;
  const kinds = async (user: string) => (await points().history(user, 1, 100)).list.reverse().map((e) => `${e.kind}:${e.bucket}:${e.delta}`);
  /** A user with the daily 100 and `permanent` permanent points. */
  const funded = async (permanent: number) => {
    const user = await createUser(t.app);
    if (permanent) await points().credit(user, 'permanent', permanent, { kind: 'adjust', reference: null, key: `seed:${user}` });
    return user;
  };

  it('per request: hold the price, settle it, the rest of the flow is a no-op', async () => {
    clock.set(china('2030-01-10 12:00'));
    const user = await funded(1000);
    const id = gen();
    assert.deepEqual(await points().hold(user, id, 'gpt-4o'), { held: 600 });
    assert.deepEqual(await points().balance(user), { restIntegral: 500, restIntegral2: 0 });
    const settled = await points().settle(id, { requests: 1 });
    assert.deepEqual(settled, { generationId: id, userId: user, model: 'gpt-4o', status: 'settled', held: 600, charged: 600 });
    assert.deepEqual(await points().settle(id, { requests: 1 }), settled, 'settle again: the first outcome');
    assert.deepEqual(await points().refund(id), settled, 'refund after settle: the first outcome');
    assert.deepEqual(await points().balance(user), { restIntegral: 500, restIntegral2: 0 });
    assert.deepEqual(await kinds(user), [
      'daily_grant:daily:100', 'adjust:permanent:1000',
      'hold:daily:-100', 'hold:permanent:-500',
      'release:daily:100', 'chat:daily:-100', 'release:permanent:500', 'chat:permanent:-500',
    ]);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('refuses at once with 602 when the user cannot cover the most the message can cost', async () => {
    const user = await funded(499);
    await assert.rejects(points().hold(user, gen(), 'gpt-4o'), refusedWith(602, '积分不足，请及时充值'));
    assert.deepEqual(await points().balance(user), { restIntegral: 499, restIntegral2: 100 });
    assert.deepEqual(await points().hold(user, gen(), 'gpt-4o-mini'), { held: 40 });
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('per token: reserves the reply allowance plus the prompt estimate, charges the actual usage', async () => {
    const user = await funded(10_000);
    const id = gen();
    // (1000 prompt chars as tokens + 4000 output tokens) × 700000 / 1e6 = 3500.
    assert.deepEqual(await points().hold(user, id, 'gpt-4.1', { promptChars: 1000 }), { held: 3500 });
    // 1234 in + 567 out = 1260.7 → 1261.
    const outcome = await points().settle(id, { inputTokens: 1234, outputTokens: 567 });
    assert.equal(outcome.charged, 1261);
    assert.deepEqual(await points().balance(user), { restIntegral: 10_000 + 100 - 1261, restIntegral2: 0 });
    // Usage beyond the hold is charged up to the hold.
    const big = gen();
    await points().hold(user, big, 'gpt-4.1');
    assert.equal((await points().settle(big, { inputTokens: 50_000, outputTokens: 9000 })).charged, 2800);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('per character (agents): prompt plus the reply allowance, charged by characters', async () => {
    const user = await funded(0);
    const id = gen();
    assert.deepEqual(await points().hold(user, id, 'gpt-4-gizmo-g-user-c-abc', { promptChars: 1000 }), { held: 50 });
    assert.equal((await points().settle(id, { characters: 1999 })).charged, 20);
    assert.deepEqual(await points().balance(user), { restIntegral: 0, restIntegral2: 80 });
  });

  it('policy: no output costs nothing, an upstream error is refunded, a stop after output is charged', async () => {
    const user = await funded(5000);
    const failedEarly = gen();
    await points().hold(user, failedEarly, 'gpt-4o');
    assert.equal((await points().refund(failedEarly)).charged, 0);
    const noOutput = gen();
    await points().hold(user, noOutput, 'gpt-4o');
    assert.deepEqual(await points().settle(noOutput, { requests: 0 }).then((o) => [o.status, o.charged]), ['settled', 0]);
    const midStreamError = gen();
    await points().hold(user, midStreamError, 'gpt-4.1');
    assert.deepEqual(await points().refund(midStreamError).then((o) => [o.status, o.charged]), ['refunded', 0]);
    assert.deepEqual(await points().settle(midStreamError, { inputTokens: 10, outputTokens: 10 }).then((o) => [o.status, o.charged]), ['refunded', 0], 'settle after refund');
    assert.deepEqual(await points().balance(user), { restIntegral: 5000, restIntegral2: 100 });
    const stoppedPerToken = gen();
    await points().hold(user, stoppedPerToken, 'gpt-4.1');
    assert.equal((await points().settle(stoppedPerToken, { inputTokens: 100, outputTokens: 200 })).charged, 210);
    const stoppedPerRequest = gen();
    await points().hold(user, stoppedPerRequest, 'gpt-4o');
    assert.equal((await points().settle(stoppedPerRequest, { requests: 1 })).charged, 600);
    assert.deepEqual(await points().balance(user), { restIntegral: 5100 - 810, restIntegral2: 0 });
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('web-wide search adds 500, the basic plan pays 80%, both at the hold and the settle', async () => {
    const user = await funded(5000);
    await t.app.db.db.updateTable('users').set({ user_package2: 2, user_package_expire_time2: china('2031-01-01 00:00').toISOString() }).where('id', '=', user).execute();
    const id = gen();
    assert.deepEqual(await points().hold(user, id, 'gpt-4o', { webSearch: true }), { held: 880 });
    assert.equal((await points().settle(id, { requests: 1 }, { searched: true })).charged, 880);
    // Reserved, but the search did not run: only the model's price.
    const notSearched = gen();
    await points().hold(user, notSearched, 'gpt-4o', { webSearch: true });
    assert.equal((await points().settle(notSearched, { requests: 1 })).charged, 480);
    const quiet = gen();
    assert.deepEqual(await points().hold(user, quiet, 'gpt-4o'), { held: 480 });
  });

  it('the search fee and the extensions\' calls are ledger entries of their own, discounted like the price, settled once with the use', async () => {
    const user = await funded(5000);
    await t.app.db.db.updateTable('users').set({ user_package2: 2, user_package_expire_time2: china('2031-01-01 00:00').toISOString() }).where('id', '=', user).execute();
    const id = gen();
    // 600 × 0.8 + 500 × 0.8 + an allowance of 16 calls at 10 points × 0.8.
    assert.deepEqual(await points().hold(user, id, 'gpt-4o', { webSearch: true, extensionPoints: 160 }), { held: 480 + 400 + 128 });
    assert.equal((await points().settle(id, { requests: 1 }, { searched: true, toolFees: 30 })).charged, 480 + 400 + 24);
    const entries = (await kinds(user)).filter((entry) => !entry.startsWith('daily_grant') && !entry.startsWith('adjust') && !entry.startsWith('hold') && !entry.startsWith('release'));
    assert.deepEqual(entries, ['chat:daily:-100', 'chat:permanent:-380', 'search:permanent:-400', 'extension:permanent:-24']);
    const history = await points().history(user, 1, 100);
    assert.deepEqual(new Set(history.list.map((entry) => entry.kindText)), new Set(['每日积分发放', '系统调整', '预扣积分', '退回预扣积分', '对话消费', '联网搜索', '扩展调用']));
    // Refunded (a failed answer): no fee of either kind.
    const failed = gen();
    await points().hold(user, failed, 'gpt-4o', { webSearch: true, extensionPoints: 160 });
    assert.equal((await points().refund(failed)).charged, 0);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('high-level models: 1801 with the label unless package 2+ or a subscriber; unknown models: 未知的模型', async () => {
    const user = await funded(1_000_000);
    await assert.rejects(points().hold(user, gen(), 'claude-opus-4'), refusedWith(1801, '[套餐2及以上用户或订阅用户使用]'));
    await assert.rejects(points().hold(user, gen(), 'no-such-model'), refusedWith(400, '未知的模型'));
    await t.app.db.db.updateTable('users').set({ user_package2: 1, user_package_expire_time2: china('2031-01-01 00:00').toISOString() }).where('id', '=', user).execute();
    assert.ok((await points().hold(user, gen(), 'claude-opus-4')).held > 0);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('holding a generation id again answers the same hold; another user may not take it', async () => {
    const user = await funded(1000);
    const id = gen();
    const [a, b] = await Promise.all([points().hold(user, id, 'gpt-4o'), points().hold(user, id, 'gpt-4o')]);
    assert.deepEqual([a, b], [{ held: 600 }, { held: 600 }]);
    assert.deepEqual(await points().balance(user), { restIntegral: 500, restIntegral2: 0 });
    const other = await funded(1000);
    await assert.rejects(points().hold(other, id, 'gpt-4o'), refusedWith(400, '生成编号已被使用'));
    await assert.rejects(points().settle('never-held', { requests: 1 }), UnknownGenerationError);
    await assert.rejects(points().refund('never-held'), UnknownGenerationError);
    await assert.rejects(points().hold(user, 'bad id with spaces', 'gpt-4o'), TypeError);
  });

  it('a usage that does not fit the model is refused and the hold stays', async () => {
    const user = await funded(1000);
    const id = gen();
    await points().hold(user, id, 'gpt-4o');
    await assert.rejects(points().settle(id, { inputTokens: 10, outputTokens: 10 }), TypeError);
    assert.equal((await points().settle(id, { requests: 1 })).charged, 600);
  });

  it('settle and refund racing on one generation: exactly one outcome', async () => {
    const user = await funded(3000);
    const id = gen();
    await points().hold(user, id, 'gpt-4.1');
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? points().refund(id) : points().settle(id, { inputTokens: 1000, outputTokens: 1000 }))));
    const first = outcomes[0]!;
    assert.ok(outcomes.every((o) => o.status === first.status && o.charged === first.charged));
    const releases = (await kinds(user)).filter((k) => k.startsWith('release:'));
    assert.equal(releases.length, 2, 'one release per bucket');
    const balance = await points().balance(user);
    assert.equal(balance.restIntegral + balance.restIntegral2, 3100 - first.charged);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('200 concurrent holds of one user: exactly what the balance covers', async () => {
    const user = await funded(900);
    // 1000 points: 25 holds of gpt-4o-mini (40 each).
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => points().hold(user, gen(), 'gpt-4o-mini')));
    const refused = results.filter((r) => r.status === 'rejected');
    assert.equal(results.length - refused.length, 25);
    assert.ok(refused.every((r) => refusedWith(602)((r as PromiseRejectedResult).reason)));
    assert.deepEqual(await assertLedgerMatches(t.app.db.db, user), { daily: 0, permanent: 0 });
  });

  it('a hold nobody settles expires: the sweeper releases it, a late settle charges nothing', async () => {
    clock.set(china('2030-01-15 12:00'));
    await points().holds.sweepExpired(); // the other tests' holds
    const user = await funded(1000);
    const id = gen();
    await points().hold(user, id, 'gpt-4o');
    clock.advance(29 * 60_000);
    assert.equal(await points().holds.sweepExpired(), 0, 'not yet');
    clock.advance(60_000);
    assert.equal(await points().holds.sweepExpired(), 1);
    assert.deepEqual(await points().balance(user), { restIntegral: 1000, restIntegral2: 100 });
    assert.deepEqual(await points().settle(id, { requests: 1 }).then((o) => [o.status, o.charged]), ['expired', 0]);
    assert.equal(await points().holds.sweepExpired(), 0);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('the business day changed between hold and settle: the old daily points do not join the new allowance', async () => {
    clock.set(china('2030-01-20 02:50'));
    const user = await funded(3000);
    const id = gen();
    await points().hold(user, id, 'gpt-4.1'); // 2800: 100 daily (of 2030-01-19) + 2700 permanent
    clock.set(china('2030-01-20 03:10'));
    // The reply used 70 (daily part first); the other 30 of yesterday's daily points expire.
    const outcome = await points().settle(id, { inputTokens: 0, outputTokens: 100 });
    assert.equal(outcome.charged, 70);
    assert.deepEqual(await points().balance(user), { restIntegral: 3000, restIntegral2: 100 });
    assert.deepEqual((await kinds(user)).slice(-7), [
      'hold:daily:-100', 'hold:permanent:-2700',
      'daily_grant:daily:100', // nothing left to expire: the hold had it all
      'release:daily:100', 'chat:daily:-70', 'release:permanent:2700', 'daily_expire:daily:-30',
    ]);
    await assertLedgerMatches(t.app.db.db, user);
  });
});

describe(`points holds after a restart (${DB})`, () => {
  it('releases holds that expired while the server was down, at startup', async () => {
    const clock = new TestClock(china('2030-02-01 12:00'));
    const first = await createTestApp(ENV, { now: clock.now });
    const user = await createUser(first.app);
    const id = gen();
    await first.app.points.hold(user, id, 'gpt-4o-mini');
    assert.deepEqual(await first.app.points.balance(user), { restIntegral: 0, restIntegral2: 60 });
    await first.app.close(); // "crash": the storage stays
    clock.advance(31 * 60_000);
    const second = await createTestApp(ENV, { now: clock.now, storage: first.storage });
    try {
      assert.deepEqual(await second.app.points.balance(user), { restIntegral: 0, restIntegral2: 100 });
      assert.deepEqual(await second.app.points.refund(id).then((o) => o.status), 'expired');
      await assertLedgerMatches(second.app.db.db, user);
    } finally {
      await second.close();
      await first.storage.cleanup();
    }
  });

  it('the periodic sweeper runs on its interval', async () => {
    const clock = new TestClock(china('2030-02-01 12:00'));
    const t = await createTestApp({ ...ENV, POINTS_HOLD_SWEEP_SECONDS: '1' }, { now: clock.now });
    try {
      const user = await createUser(t.app);
      const id = gen();
      await t.app.points.hold(user, id, 'gpt-4o-mini');
      clock.advance(31 * 60_000);
      const deadline = Date.now() + 5000;
      while ((await t.app.db.db.selectFrom('points_holds').select('status').where('generation_id', '=', id).executeTakeFirstOrThrow()).status === 'held') {
        assert.ok(Date.now() < deadline, 'the sweeper released the hold within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal((await t.app.points.balance(user)).restIntegral2, 100);
    } finally {
      await t.close();
    }
  });
});

describe(`points price from the app's catalogue (${DB})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(ENV);
  });
  after(() => t.close());

  it('an ops price change reaches the next quote and hold once the catalogue has checked', async () => {
    const user = await createUser(t.app);
    await t.app.points.credit(user, 'permanent', 5000, { kind: 'adjust', reference: null, key: `seed:${user}` });
    assert.equal((await t.app.points.quote(user, 'gpt-4o')).maxCost, 600);
    await new CatalogueEditor(new CatalogueRepository(t.app.db.db), () => new Date()).set('gpt-4o', 'price', { kind: 'perRequest', points: 700 });
    assert.equal((await t.app.points.quote(user, 'gpt-4o')).maxCost, 600, 'not before the check');
    await t.app.catalogue.refresh();
    assert.equal((await t.app.points.quote(user, 'gpt-4o')).maxCost, 700);
    assert.deepEqual(await t.app.points.hold(user, gen(), 'gpt-4o'), { held: 700 });
  });
});
