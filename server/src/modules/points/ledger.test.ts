import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../http/envelope.js';
import { assertLedgerMatches, china, createUser, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const workerPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'testing', 'pointsDebitWorker.ts');
const isInsufficient = (error: unknown) => error instanceof AppError && error.code === 602 && error.message === '积分不足，请及时充值';

describe(`points ledger (${DB})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-03-10 12:00'));
  before(async () => {
    t = await createTestApp({ POINTS_DAILY_BY_TIER: '100,200,300,400' }, { now: clock.now });
  });
  after(() => t.close());
  const points = () => t.app.points;

  it('the first touch creates the balances and grants the daily allowance', async () => {
    const user = await createUser(t.app);
    assert.deepEqual(await points().balance(user), { restIntegral: 0, restIntegral2: 100 });
    assert.deepEqual(await points().balance(user), { restIntegral: 0, restIntegral2: 100 });
    const history = await points().history(user, 1, 10);
    assert.equal(history.total, 1);
    assert.deepEqual(
      history.list.map(({ bucket, delta, balanceAfter, kind, kindText, reference }) => ({ bucket, delta, balanceAfter, kind, kindText, reference })),
      [{ bucket: 'daily', delta: 100, balanceAfter: 100, kind: 'daily_grant', kindText: '每日积分发放', reference: '2030-03-10' }],
    );
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('credits once per idempotency key', async () => {
    const user = await createUser(t.app);
    const first = await points().credit(user, 'permanent', 500, { kind: 'adjust', reference: 'test', key: `test:${user}:1` });
    assert.deepEqual(first, { applied: true, balance: { restIntegral: 500, restIntegral2: 100 } });
    const again = await points().credit(user, 'permanent', 500, { kind: 'adjust', reference: 'test', key: `test:${user}:1` });
    assert.deepEqual(again, { applied: false, balance: { restIntegral: 500, restIntegral2: 100 } });
    await assertLedgerMatches(t.app.db.db, user);
  });

  it('debits daily points first, then permanent; refuses with 602 and changes nothing when short', async () => {
    const user = await createUser(t.app);
    await points().credit(user, 'permanent', 50, { kind: 'adjust', reference: null, key: `test:${user}:seed` });
    assert.deepEqual((await points().debit(user, 70, { kind: 'chat', reference: 'gpt-4o', key: `test:${user}:a` })).split, { daily: 70, permanent: 0 });
    assert.deepEqual((await points().debit(user, 40, { kind: 'chat', reference: 'gpt-4o', key: `test:${user}:b` })).split, { daily: 30, permanent: 10 });
    assert.deepEqual(await points().balance(user), { restIntegral: 40, restIntegral2: 0 });
    await assert.rejects(points().debit(user, 41, { kind: 'chat', reference: null, key: `test:${user}:c` }), isInsufficient);
    assert.deepEqual(await points().balance(user), { restIntegral: 40, restIntegral2: 0 });
    // The same key again is a no-op, even when the balance could not cover it any more.
    assert.deepEqual(await points().debit(user, 70, { kind: 'chat', reference: null, key: `test:${user}:a` }), { split: null, balance: { restIntegral: 40, restIntegral2: 0 } });
    assert.deepEqual(await points().debit(user, 40, { kind: 'chat', reference: null, key: `test:${user}:d` }).then((r) => r.split), { daily: 0, permanent: 40 });
    await assert.rejects(points().debit(user, 1, { kind: 'chat', reference: null, key: `test:${user}:e` }), isInsufficient);
    assert.deepEqual(await assertLedgerMatches(t.app.db.db, user), { daily: 0, permanent: 0 });
  });

  it('refuses amounts that are not whole non-negative numbers', async () => {
    const user = await createUser(t.app);
    for (const amount of [-1, 1.5, Number.NaN]) {
      await assert.rejects(points().debit(user, amount, { kind: 'chat', reference: null, key: `test:${user}:${amount}` }), TypeError);
      await assert.rejects(points().credit(user, 'permanent', amount, { kind: 'adjust', reference: null, key: `test:${user}:c${amount}` }), TypeError);
    }
  });

  it('200 concurrent debits of one user: exactly what the balance covers succeeds', async () => {
    const user = await createUser(t.app);
    await points().credit(user, 'permanent', 905, { kind: 'adjust', reference: null, key: `test:${user}:seed` });
    // 100 daily + 905 permanent = 1005: one hundred debits of 10 fit, across both buckets.
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => points().debit(user, 10, { kind: 'chat', reference: null, key: `c200:${user}:${i}` })));
    const failures = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    assert.equal(results.length - failures.length, 100);
    assert.ok(failures.every(isInsufficient), `only 602 refusals: ${failures.filter((f) => !isInsufficient(f)).map(String).join('; ')}`);
    assert.deepEqual(await assertLedgerMatches(t.app.db.db, user), { daily: 0, permanent: 5 });
    assert.equal((await points().history(user, 1, 1)).total, 1 + 1 + 100, 'grant, seed, one entry per debit (10 daily, 90 permanent)');
  });

  it('concurrent credits and debits of several users keep every ledger equal to its balance', async () => {
    const users = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    const ops = users.flatMap((user) =>
      Array.from({ length: 40 }, (_, i) =>
        i % 3 === 0
          ? points().credit(user, 'permanent', 7, { kind: 'adjust', reference: null, key: `mix:${user}:${i}` })
          : points().debit(user, 9, { kind: 'chat', reference: null, key: `mix:${user}:${i}` }),
      ),
    );
    const results = await Promise.allSettled(ops);
    assert.ok(results.every((r) => r.status === 'fulfilled' || isInsufficient(r.reason)));
    for (const user of users) await assertLedgerMatches(t.app.db.db, user);
  });

  it('several server processes debiting one user at once: exact successes, no SQLITE_BUSY', async () => {
    const user = await createUser(t.app);
    await points().credit(user, 'permanent', 905, { kind: 'adjust', reference: null, key: `test:${user}:seed` });
    const startAt = Date.now() + 2500;
    const runWorker = (n: number) =>
      new Promise<{ ok: number; insufficient: number; other: string[] }>((resolve, reject) => {
        const args = [t.storage.dataDir, t.storage.databaseUrl ?? '', user, '60', '10', `proc${n}:${user}`, clock.now().toISOString(), String(startAt)];
        const child = spawn(process.execPath, ['--import', 'tsx', workerPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.stderr.on('data', (chunk) => (err += chunk));
        child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker ${n} exited ${code}: ${err}`))));
      });
    const summaries = await Promise.all([0, 1, 2, 3].map(runWorker));
    assert.deepEqual(summaries.flatMap((s) => s.other), [], 'no error but 602');
    assert.equal(summaries.reduce((n, s) => n + s.ok, 0), 100);
    assert.equal(summaries.reduce((n, s) => n + s.insufficient, 0), 140);
    assert.deepEqual(await assertLedgerMatches(t.app.db.db, user), { daily: 0, permanent: 5 });
  });
});
