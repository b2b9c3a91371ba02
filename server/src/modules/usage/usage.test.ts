import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page, UsageDaily, UsageRecord } from '@qiming/contracts';
import { chinaDay } from '../../chinaTime.js';
import { ACCOUNT_TEST_ENV, call, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches, china, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { CHARGE_LEDGER_KINDS } from './kinds.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const ENV = { ...ACCOUNT_TEST_ENV, POINTS_DAILY_BY_TIER: '100,200,300,400', POINTS_HOLD_MINUTES: '30', POINTS_HOLD_MAX_OUTPUT_TOKENS: '4000' };
const MJ = 'mj-chat'; // 5000 points per task

let generation = 0;
const gen = (prefix = '') => `${prefix}gen-${process.pid}-${++generation}`;

describe(`usage records (${DB})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-03-01 10:00'));
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  /** What alice's generations should show, by id. */
  const expected = new Map<string, Partial<UsageRecord>>();

  const server = () => t.app.server;
  const points = () => t.app.points;
  const records = (token: string, body: Record<string, unknown>) => envelope<Page<UsageRecord>>(server(), 'POST', 'usage/records', { token, payload: { pageNo: 1, pageSize: 100, ...body } });
  const daily = (token: string, body: Record<string, unknown>) => envelope<UsageDaily>(server(), 'POST', 'usage/daily', { token, payload: body });

  /** The ledger's raw rows of a user, for sums computed here independently of the module's SQL. */
  const ledger = (userId: string) => t.app.db.db.selectFrom('points_ledger').select(['kind', 'delta', 'idempotency_key', 'created_at']).where('user_id', '=', userId).execute();

  before(async () => {
    t = await createTestApp(ENV, { now: clock.now });
    alice = await registeredUser(server());
    bob = await registeredUser(server());
    for (const user of [alice, bob]) await points().credit(user.id, 'permanent', 100_000, { kind: 'adjust', reference: null, key: `seed:${user.id}` });

    // 2030-03-01 (China): a per-request answer, a per-token answer, a failed one, an image, a refunded video.
    clock.set(china('2030-03-01 10:00'));
    const perRequest = gen();
    await points().hold(alice.id, perRequest, 'gpt-4o');
    await points().settle(perRequest, { requests: 1 });
    expected.set(perRequest, { kind: 'chat', status: 'charged', held: 600, charged: 600, refunded: 0, usage: { requests: 1 }, multiplierPercent: 100 });

    clock.set(china('2030-03-01 11:00'));
    const perToken = gen();
    await points().hold(alice.id, perToken, 'gpt-4.1', { promptChars: 1000 });
    await points().settle(perToken, { inputTokens: 1234, outputTokens: 567 });
    expected.set(perToken, { kind: 'chat', status: 'charged', model: 'gpt-4.1', held: 3500, charged: 1261, refunded: 3500 - 1261, usage: { inputTokens: 1234, outputTokens: 567 } });

    clock.set(china('2030-03-01 12:00'));
    const failed = gen();
    await points().hold(alice.id, failed, 'gpt-4o');
    await points().refund(failed, { reason: '上游服务暂时不可用' });
    expected.set(failed, { kind: 'chat', status: 'refunded', held: 600, charged: 0, refunded: 600, failure: '上游服务暂时不可用', usage: null });

    clock.set(china('2030-03-01 13:00'));
    const image = gen('image:task-a:');
    await points().hold(alice.id, image, MJ, { purpose: 'media' });
    await points().settle(image, { requests: 1 });
    expected.set(image, { kind: 'image', model: MJ, status: 'charged', held: 5000, charged: 5000 });

    clock.set(china('2030-03-01 14:00'));
    const video = gen('video:');
    await points().hold(alice.id, video, MJ, { purpose: 'media' });
    await points().refund(video);
    expected.set(video, { kind: 'video', status: 'refunded', charged: 0, refunded: 5000, failure: null });

    // 23:59 China on the 1st and 00:30 on the 2nd: the same UTC date (the 1st), different China days.
    clock.set(china('2030-03-01 23:59'));
    const lateNight = gen();
    await points().hold(alice.id, lateNight, 'gpt-4o-mini');
    await points().settle(lateNight, { requests: 1 });
    expected.set(lateNight, { status: 'charged', charged: 40 });

    // 2030-03-02: the basic plan (80%) with a search and extension calls; one without output; one still running.
    await t.app.db.db.updateTable('users').set({ user_package2: 2, user_package_expire_time2: china('2031-01-01 00:00').toISOString() }).where('id', '=', alice.id).execute();
    clock.set(china('2030-03-02 00:30'));
    const searched = gen();
    await points().hold(alice.id, searched, 'gpt-4o', { webSearch: true, extensionPoints: 160 });
    await points().settle(searched, { requests: 1 }, { searched: true, toolFees: 30 });
    expected.set(searched, { status: 'charged', held: 480 + 400 + 128, charged: 480 + 400 + 24, fees: { use: 480, search: 400, extension: 24 }, multiplierPercent: 80 });

    clock.set(china('2030-03-02 09:00'));
    const empty = gen();
    await points().hold(alice.id, empty, 'gpt-4o');
    await points().settle(empty, { requests: 0 });
    expected.set(empty, { status: 'free', charged: 0, refunded: 480, usage: null });

    clock.set(china('2030-03-02 10:00'));
    const expiring = gen();
    await points().hold(alice.id, expiring, 'gpt-4o');
    clock.set(china('2030-03-02 11:00'));
    await points().holds.sweepExpired();
    expected.set(expiring, { status: 'expired', charged: 0, refunded: 480 });

    clock.set(china('2030-03-02 12:00'));
    const running = gen();
    await points().hold(alice.id, running, 'gpt-4o');
    expected.set(running, { status: 'held', held: 480, charged: 0, refunded: 0, finishedAt: null });

    // Bob's own answer, the same day: never in alice's records or totals.
    const bobs = gen();
    await points().hold(bob.id, bobs, 'gpt-4o');
    await points().settle(bobs, { requests: 1 });
  });
  after(() => t.close());

  it('pages hold every generation once, newest first, each as its ledger entries say', async () => {
    const seen: UsageRecord[] = [];
    for (let pageNo = 1; pageNo <= 4; pageNo++) {
      const page = await records(alice.token, { pageNo, pageSize: 3, from: '2030-03-01', to: '2030-03-02' });
      assert.equal(page.code, 0, page.msg);
      assert.equal(page.data.total, expected.size);
      seen.push(...page.data.list);
    }
    assert.deepEqual(seen.map((r) => r.id), [...expected.keys()].reverse(), 'every generation once, newest first');
    const rows = await ledger(alice.id);
    for (const record of seen) {
      assert.deepEqual(Object.fromEntries(Object.keys(expected.get(record.id)!).map((k) => [k, record[k as keyof UsageRecord]])), expected.get(record.id), record.id);
      // The charge is exactly the generation's charge entries in the ledger.
      const charges = rows.filter((r) => r.idempotency_key.startsWith(`charge:${record.id}:`)).reduce((sum, r) => sum - Number(r.delta), 0);
      assert.equal(record.charged, charges, `${record.id}: charged = its ledger entries`);
      assert.equal(record.fees.use + record.fees.search + record.fees.extension, record.charged);
    }
    await assertLedgerMatches(t.app.db.db, alice.id);
  });

  it('per-day totals are the ledger\'s charges per China day, refunds and holds netting to nothing', async () => {
    const answer = await daily(alice.token, { from: '2030-02-28', to: '2030-03-03' });
    assert.equal(answer.code, 0, answer.msg);
    const rows = await ledger(alice.id);
    const byDay = new Map<string, number>();
    for (const row of rows) {
      if (!(CHARGE_LEDGER_KINDS as readonly string[]).includes(row.kind)) continue;
      const day = chinaDay(new Date(row.created_at));
      byDay.set(day, (byDay.get(day) ?? 0) - Number(row.delta));
    }
    assert.deepEqual(
      answer.data.days.map((d) => [d.day, d.total]),
      ['2030-02-28', '2030-03-01', '2030-03-02', '2030-03-03'].map((day) => [day, byDay.get(day) ?? 0]),
    );
    // By hand: 600 + 1261 + 5000 + 40 on the 1st; 480 + 400 + 24 on the 2nd (the free, refunded, expired and running ones cost nothing).
    assert.deepEqual(answer.data.days.map((d) => d.total), [0, 6901, 904, 0]);
    assert.equal(answer.data.total, 6901 + 904);
    assert.deepEqual(answer.data.days[1]!.byKind, { chat: 1901, image: 5000 });
    assert.deepEqual(answer.data.days[2]!.byKind, { chat: 480, search: 400, extension: 24 });
  });

  it('filters by kind: records and totals alike', async () => {
    const range = { from: '2030-03-01', to: '2030-03-02' };
    const kindsOf = async (kind: string) => (await records(alice.token, { ...range, kind })).data.list.map((r) => r.id);
    assert.deepEqual(await kindsOf('image'), [...expected].filter(([, e]) => e.kind === 'image').map(([id]) => id));
    assert.deepEqual(await kindsOf('video'), [...expected].filter(([, e]) => e.kind === 'video').map(([id]) => id));
    assert.equal((await kindsOf('search')).length, 1);
    assert.deepEqual(await kindsOf('search'), await kindsOf('extension'));
    assert.equal((await kindsOf('chat')).length, expected.size - 2);
    assert.equal((await kindsOf('')).length, expected.size, "'' is every kind");
    assert.equal((await daily(alice.token, { ...range, kind: 'search' })).data.total, 400);
    assert.equal((await daily(alice.token, { ...range, kind: 'image' })).data.total, 5000);
    assert.equal((await daily(alice.token, { ...range, kind: 'video' })).data.total, 0);
    // A chat answer's totals are all it cost: its model, search and extension calls.
    const chatRecords = (await records(alice.token, { ...range, kind: 'chat' })).data.list;
    assert.equal((await daily(alice.token, { ...range, kind: 'chat' })).data.total, chatRecords.reduce((sum, r) => sum + r.charged, 0));
  });

  it('the date range is China days: 23:59 is the day before, 00:30 the day after', async () => {
    const first = (await records(alice.token, { from: '2030-03-01', to: '2030-03-01' })).data;
    const second = (await records(alice.token, { from: '2030-03-02', to: '2030-03-02' })).data;
    assert.equal(first.total + second.total, expected.size);
    const ids = [...expected.keys()];
    assert.equal(first.list[0]!.id, ids[5], 'the newest of the 1st is its 23:59 answer');
    assert.equal(second.list.at(-1)!.id, ids[6], 'the oldest of the 2nd is its 00:30 answer');
    assert.deepEqual((await daily(alice.token, { from: '2030-03-02', to: '2030-03-02' })).data.days.map((d) => d.total), [904]);
  });

  it('is the caller\'s own: another user sees only theirs', async () => {
    const page = (await records(bob.token, { from: '2030-03-01', to: '2030-03-02' })).data;
    assert.equal(page.total, 1);
    assert.ok(!expected.has(page.list[0]!.id));
    assert.equal((await daily(bob.token, { from: '2030-03-01', to: '2030-03-02' })).data.total, 600);
  });

  it('refuses a bad range or kind in Chinese, and a signed-out call with 401', async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await records(alice.token, body);
      return [answer.code, answer.msg];
    };
    assert.deepEqual(await refusal({ from: '2030-02-30', to: '2030-03-01' }), [400, '日期应为 YYYY-MM-DD 格式的有效日期']);
    assert.deepEqual(await refusal({ from: '2030/03/01', to: '2030-03-01' }), [400, '日期应为 YYYY-MM-DD 格式的有效日期']);
    assert.deepEqual(await refusal({ from: '2030-03-02', to: '2030-03-01' }), [400, '结束日期不能早于开始日期']);
    assert.deepEqual(await refusal({ from: '2029-01-01', to: '2030-03-01' }), [400, '查询范围最长 366 天']);
    const unknownKind = await records(alice.token, { from: '2030-03-01', to: '2030-03-01', kind: 'sql' });
    assert.equal(unknownKind.code, 400);
    assert.match(unknownKind.msg, /未知的使用类型/);
    const missing = await daily(alice.token, {});
    assert.equal(missing.code, 400);
    assert.match(missing.msg, /请选择开始日期/);
    const signedOut = await call(server(), 'POST', 'usage/records', { payload: { pageNo: 1, pageSize: 10, from: '2030-03-01', to: '2030-03-01' } });
    assert.equal(signedOut.statusCode, 401);
  });
});
