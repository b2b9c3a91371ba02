import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertLedgerMatches, china, createUser, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';

describe(`daily points (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-01-02 02:59'));
  before(async () => {
    t = await createTestApp({ POINTS_DAILY_BY_TIER: '100,200,300,400' }, { now: clock.now });
  });
  after(() => t.close());
  const points = () => t.app.points;
  const entries = async (user: string) =>
    (await points().history(user, 1, 100)).list.reverse().map(({ bucket, delta, balanceAfter, kind, reference }) => ({ bucket, delta, balanceAfter, kind, reference }));

  it('02:59, 03:00, 03:01: the leftover expires and the new allowance is granted at the first touch after 03:00', async () => {
    clock.set(china('2030-01-02 02:59'));
    const user = await createUser(t.app);
    await points().debit(user, 30, { kind: 'chat', reference: null, key: `t:${user}:1` });
    await points().credit(user, 'permanent', 1000, { kind: 'adjust', reference: null, key: `t:${user}:2` });
    assert.deepEqual(await points().balance(user), { restIntegral: 1000, restIntegral2: 70 });

    clock.set(china('2030-01-02 03:00'));
    assert.deepEqual(await points().balance(user), { restIntegral: 1000, restIntegral2: 100 });
    clock.set(china('2030-01-02 03:01'));
    assert.deepEqual(await points().balance(user), { restIntegral: 1000, restIntegral2: 100 });
    await points().debit(user, 10, { kind: 'chat', reference: null, key: `t:${user}:3` });
    clock.set(china('2030-01-03 02:59'));
    assert.deepEqual(await points().balance(user), { restIntegral: 1000, restIntegral2: 90 }, 'still the same business day');

    assert.deepEqual(await entries(user), [
      { bucket: 'daily', delta: 100, balanceAfter: 100, kind: 'daily_grant', reference: '2030-01-01' },
      { bucket: 'daily', delta: -30, balanceAfter: 70, kind: 'chat', reference: null },
      { bucket: 'permanent', delta: 1000, balanceAfter: 1000, kind: 'adjust', reference: null },
      { bucket: 'daily', delta: -70, balanceAfter: 0, kind: 'daily_expire', reference: '2030-01-01' },
      { bucket: 'daily', delta: 100, balanceAfter: 100, kind: 'daily_grant', reference: '2030-01-02' },
      { bucket: 'daily', delta: -10, balanceAfter: 90, kind: 'chat', reference: null },
    ]);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('a debit is the first touch too: the refresh comes before the charge', async () => {
    clock.set(china('2030-01-05 12:00'));
    const user = await createUser(t.app);
    await points().debit(user, 100, { kind: 'chat', reference: null, key: `t:${user}:1` });
    clock.set(china('2030-01-06 03:00'));
    assert.deepEqual((await points().debit(user, 60, { kind: 'chat', reference: null, key: `t:${user}:2` })).balance, { restIntegral: 0, restIntegral2: 40 });
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('across several days: one expiry and one grant, however many days passed', async () => {
    clock.set(china('2030-02-01 10:00'));
    const user = await createUser(t.app);
    await points().debit(user, 1, { kind: 'chat', reference: null, key: `t:${user}:1` });
    for (const [wall, daily] of [['2030-02-02 09:00', 100], ['2030-02-03 03:00', 100], ['2030-02-09 15:00', 100]] as const) {
      clock.set(china(wall));
      await points().debit(user, 1, { kind: 'chat', reference: null, key: `t:${user}:${wall}` });
      assert.deepEqual(await points().balance(user), { restIntegral: 0, restIntegral2: daily - 1 });
    }
    const kinds = (await entries(user)).map((e) => `${e.kind}${e.reference ? `@${e.reference}` : ''}`);
    assert.deepEqual(kinds, [
      'daily_grant@2030-02-01', 'chat',
      'daily_expire@2030-02-01', 'daily_grant@2030-02-02', 'chat',
      'daily_expire@2030-02-02', 'daily_grant@2030-02-03', 'chat',
      'daily_expire@2030-02-03', 'daily_grant@2030-02-09', 'chat',
    ]);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('the allowance follows the subscription tier in force at the grant', async () => {
    clock.set(china('2030-03-01 12:00'));
    const user = await createUser(t.app);
    assert.equal((await points().balance(user)).restIntegral2, 100);
    await t.app.db.db.updateTable('users').set({ user_package2: 2, user_package_expire_time2: china('2030-03-03 12:00').toISOString() }).where('id', '=', user).execute();
    assert.equal((await points().balance(user)).restIntegral2, 100, 'a new tier counts from the next business day');
    clock.set(china('2030-03-02 03:00'));
    assert.equal((await points().balance(user)).restIntegral2, 300);
    clock.set(china('2030-03-04 03:00'));
    assert.equal((await points().balance(user)).restIntegral2, 100, 'expired: back to the free allowance');
    await t.app.db.db.updateTable('users').set({ user_package2: 3, user_package_expire_time2: null }).where('id', '=', user).execute();
    clock.set(china('2030-03-05 03:00'));
    assert.equal((await points().balance(user)).restIntegral2, 400);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('permanent points never expire', async () => {
    clock.set(china('2030-04-01 12:00'));
    const user = await createUser(t.app);
    await points().credit(user, 'permanent', 8888, { kind: 'invite', reference: null, key: `t:${user}:p` });
    clock.set(china('2030-06-01 12:00'));
    assert.deepEqual(await points().balance(user), { restIntegral: 8888, restIntegral2: 100 });
  });

  it('many first touches at once: exactly one expiry and one grant', async () => {
    clock.set(china('2030-05-01 12:00'));
    const user = await createUser(t.app);
    await points().debit(user, 25, { kind: 'chat', reference: null, key: `t:${user}:1` });
    clock.set(china('2030-05-02 03:00'));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? points().balance(user) : points().history(user, 1, 5).then(() => points().balance(user)))));
    assert.ok(answers.every((a) => a.restIntegral2 === 100));
    const kinds = (await entries(user)).map((e) => e.kind);
    assert.deepEqual(kinds, ['daily_grant', 'chat', 'daily_expire', 'daily_grant']);
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('a clock that steps back before 03:00 changes nothing', async () => {
    clock.set(china('2030-07-02 03:00'));
    const user = await createUser(t.app);
    await points().balance(user);
    clock.set(china('2030-07-02 02:58'));
    assert.deepEqual(await points().balance(user), { restIntegral: 0, restIntegral2: 100 });
    await points().debit(user, 5, { kind: 'chat', reference: null, key: `t:${user}:1` });
    assert.equal((await entries(user)).length, 2);
    await assertLedgerMatches(t.app.db.db, user);
  });
});
