import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { MirrorAuthKey, MirrorHandOff, MirrorOverview, MirrorQuota } from '@qiming/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNT_TEST_ENV, call, data, envelope, registeredUser } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { MIRROR_ERRORS } from './codes.js';
import { createMirrorModule } from './index.js';
import { isPromoDay, nextPromoDay } from './quota.js';
import { startFakeMirrorProvider } from './testing.js';

const CAR_CREDENTIAL = 'eyJhbGciOiJSUzI1NiJ9.car-access-token-0123456789';
const OTHER_CREDENTIAL = 'eyJhbGciOiJSUzI1NiJ9.second-car-token-9876543210';
const USER_KEY = 'eyJhbGciOiJSUzI1NiJ9.users-own-token-abcdefghijkl';
/** A business day that is not a promo day (2024-12-06 + 7k): 2025-03-03, noon China time. */
const START = Date.parse('2025-03-03T04:00:00Z');

const refusal = (which: keyof typeof MIRROR_ERRORS) => ({ code: MIRROR_ERRORS[which].code, data: null, msg: MIRROR_ERRORS[which].msg });

function cookieOf(response: LightMyRequestResponse): { value: string; path: string } {
  const cookie = response.cookies.find((c) => c.name === 'qm_mirror_go');
  assert.ok(cookie, 'the hand-off sets its browser cookie');
  assert.equal(cookie.httpOnly, true);
  return { value: cookie.value, path: cookie.path! };
}

describe(`mirror site (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeMirrorProvider>>;
  let clock = START;
  const logLines: string[] = [];
  const server = () => t.app.server;

  const ops = async (...argv: string[]) => {
    const lines: string[] = [];
    const module = createMirrorModule({
      db: t.app.db.db,
      dialect: t.app.db.dialect,
      config: t.config,
      now: () => new Date(clock),
      log: { info: () => {}, warn: () => {}, error: () => {} },
      requireUser: async () => {},
      userIdOf: async () => null,
      invitedUsers: async () => 0,
      env: { CAR_TOKEN: CAR_CREDENTIAL, OTHER_TOKEN: OTHER_CREDENTIAL },
    });
    await module.opsCommands!.mirror!.run(argv, (line) => lines.push(line));
    return lines;
  };

  /** getShareToken and its cookie. */
  const enter = async (token: string, carId: string) => {
    const response = await call(server(), 'POST', 'mirror/getShareToken', { token, payload: { carId } });
    const answer = response.json() as { code: number; data: MirrorHandOff; msg: string };
    return { answer, response };
  };
  const go = (goUrl: string, cookie?: string) => server().inject({ method: 'GET', url: goUrl, cookies: cookie ? { qm_mirror_go: cookie } : {} });
  const quota = (token: string) => data<MirrorQuota>(server(), 'GET', 'mirror/getAcTokenInfoVO', { token });

  before(async () => {
    fake = await startFakeMirrorProvider();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
    t = await createTestApp(
      { ...ACCOUNT_TEST_ENV, LOG_LEVEL: 'info', MIRROR_DAILY_USES_BY_TIER: '2,4', MIRROR_USES_PER_INVITE: '1', MIRROR_INVITE_CAP: '2', MIRROR_PROMO_EXTRA_USES: '3' },
      { now: () => new Date(clock), logStream: stream },
    );
  });
  after(async () => {
    await t.close();
    await fake.close();
  });

  it('without a mirror site: nothing to enter, and the page is told so', async () => {
    const user = await registeredUser(server());
    assert.deepEqual(await data<MirrorOverview>(server(), 'GET', 'mirror/getCarList'), { sites: [], cars: [], quota: null });
    const { answer } = await enter(user.token, 'none');
    assert.deepEqual(answer, refusal('carMissing'));
    assert.equal((await call(server(), 'POST', 'mirror/getShareToken', { payload: { carId: 'x' } })).json().code, 401);
  });

  it('ops registers a site and cars; their credentials are stored encrypted', async () => {
    assert.deepEqual(await ops('site', 'add', '--id', 'oai', '--name', '镜像一号', '--origin', `${fake.origin}/ignored/path`), [`已登记镜像站 oai（${fake.origin}）`]);
    await assert.rejects(ops('site', 'add', '--id', 'oai', '--name', 'x', '--origin', fake.origin), /已存在/);
    await ops('car', 'add', '--site', 'oai', '--id', 'plus-1', '--name', 'Plus 1 号车', '--capacity', '1', '--credential-env', 'CAR_TOKEN');
    await ops('car', 'add', '--site', 'oai', '--id', 'plus-2', '--name', 'Plus 2 号车', '--capacity', '5', '--credential-env', 'OTHER_TOKEN');
    await ops('car', 'add', '--site', 'oai', '--id', 'plus-3', '--name', 'Plus 3 号车', '--capacity', '5', '--credential-env', 'OTHER_TOKEN', '--order', '3');
    await ops('car', 'add', '--site', 'oai', '--id', 'team', '--name', 'Team 车', '--capacity', '5', '--tier', '2', '--credential-env', 'OTHER_TOKEN', '--order', '4');
    await assert.rejects(ops('car', 'add', '--site', 'oai', '--id', 'bad', '--name', 'x', '--capacity', '0', '--credential-env', 'CAR_TOKEN'), /--capacity 应为 1 到 10000/);
    await assert.rejects(ops('car', 'add', '--site', 'oai', '--id', 'bad', '--name', 'x', '--capacity', '1'), /--credential-file 或 --credential-env/);
    const rows = await t.app.db.db.selectFrom('mirror_cars').select(['id', 'credential']).execute();
    for (const row of rows) {
      assert.ok(!row.credential.includes('token'), 'no credential in clear text');
      assert.match(row.credential, /^v1\./);
    }
    assert.match((await ops('car', 'list')).join('\n'), /plus-1\toai\tPlus 1 号车\t0\/1\t等级≥0\t启用/);
  });

  it('entering hands over a one-time redirect to the mirror login, for this browser only', async () => {
    const user = await registeredUser(server());
    const other = await registeredUser(server());
    const overview = await data<MirrorOverview>(server(), 'GET', 'mirror/getCarList', { token: user.token });
    assert.deepEqual(overview.sites, [{ id: 'oai', name: '镜像一号', origin: fake.origin, sessionMinutes: 60 }]);
    assert.deepEqual(
      overview.cars.map((car) => [car.id, car.status, car.inUse, car.capacity, car.locked]),
      [['plus-1', 'available', 0, 1, false], ['plus-2', 'available', 0, 5, false], ['plus-3', 'available', 0, 5, false], ['team', 'available', 0, 5, true]],
    );
    assert.equal(overview.quota?.limit, 2);

    const { answer, response } = await enter(user.token, 'plus-2');
    assert.equal(answer.code, 0, answer.msg);
    assert.match(answer.data.goUrl, /^\/app-api\/mirror\/go\/[\w-]{32}$/);
    assert.equal(answer.data.counted, true);
    const cookie = cookieOf(response);
    assert.equal(cookie.path, answer.data.goUrl);

    const register = fake.registers.at(-1)!;
    assert.equal(register.contentType, 'application/x-www-form-urlencoded');
    assert.equal(register.form.access_token, OTHER_CREDENTIAL);
    assert.equal(register.form.site_limit, fake.origin);
    assert.equal(register.form.expires_in, '3600');
    assert.match(register.form.unique_name!, /^qm-[0-9a-f]{20}$/);
    assert.ok(!register.form.unique_name!.includes(user.id));
    const shareToken = fake.tokens.at(-1)!;
    assert.ok(!JSON.stringify(answer).includes(shareToken), 'the token is not in the answer');

    // Another user's browser (its own cookie) and a browser without the cookie cannot use it.
    const theirs = await enter(other.token, 'plus-3');
    assert.equal((await go(answer.data.goUrl, cookieOf(theirs.response).value)).statusCode, 410);
    assert.equal((await go(answer.data.goUrl)).statusCode, 410);

    const opened = await go(answer.data.goUrl, cookie.value);
    assert.equal(opened.statusCode, 302);
    assert.equal(opened.headers.location, `${fake.origin}/auth/login_share?token=${encodeURIComponent(shareToken)}`);
    assert.equal(opened.headers['cache-control'], 'no-store');
    const again = await go(answer.data.goUrl, cookie.value);
    assert.equal(again.statusCode, 410, 'used once');
    assert.match(again.body, /登录链接已失效/);

    // Entering the same car again within the session: the same session, no new use.
    const before = await quota(user.token);
    const reentry = await enter(user.token, 'plus-2');
    assert.equal(reentry.answer.data.counted, false);
    assert.equal((await quota(user.token)).used, before.used);
    const reopened = await go(reentry.answer.data.goUrl, cookieOf(reentry.response).value);
    assert.equal(reopened.headers.location, opened.headers.location);

    // A hand-off not opened in time is gone.
    const late = await enter(user.token, 'plus-2');
    clock += 61_000;
    assert.equal((await go(late.answer.data.goUrl, cookieOf(late.response).value)).statusCode, 410);
  });

  it('counts uses per business day; two quick clicks cannot pass the allowance', async () => {
    const user = await registeredUser(server());
    const [first, second] = await Promise.all([enter(user.token, 'plus-2'), enter(user.token, 'plus-3')]);
    assert.deepEqual([first.answer.code, second.answer.code].sort(), [0, 0]);
    assert.deepEqual((await enter(user.token, 'team')).answer, refusal('tierTooLow'));
    const q = await quota(user.token);
    assert.equal(q.used, 2);
    assert.equal(q.limit, 2);

    await ops('car', 'add', '--site', 'oai', '--id', 'spare-a', '--name', 'A', '--capacity', '9', '--credential-env', 'CAR_TOKEN');
    await ops('car', 'add', '--site', 'oai', '--id', 'spare-b', '--name', 'B', '--capacity', '9', '--credential-env', 'CAR_TOKEN');
    assert.deepEqual((await enter(user.token, 'spare-a')).answer, refusal('quotaUsed'));

    // A fresh user clicking two cars at once with one use left: exactly one passes.
    const racer = await registeredUser(server());
    await enter(racer.token, 'spare-a');
    const race = await Promise.all([enter(racer.token, 'spare-b'), enter(racer.token, 'plus-3')]);
    assert.deepEqual(race.map((r) => r.answer.code).sort(), [0, MIRROR_ERRORS.quotaUsed.code]);
    assert.equal((await quota(racer.token)).used, 2);

    // The next business day (03:00 China time) gives the uses back.
    clock = Date.parse('2025-03-04T19:30:00Z'); // 03:30 on 03-05 in China: business day 2025-03-05
    assert.deepEqual(await quota(user.token).then((q2) => [q2.day, q2.used]), ['2025-03-05', 0]);
    assert.equal((await enter(user.token, 'spare-a')).answer.code, 0);
  });

  it('a car at capacity is refused until a seat frees; a disabled car is refused', async () => {
    const a = await registeredUser(server());
    const b = await registeredUser(server());
    assert.equal((await enter(a.token, 'plus-1')).answer.code, 0);
    const full = await data<MirrorOverview>(server(), 'GET', 'mirror/getCarList', { token: b.token });
    assert.deepEqual(full.cars.find((car) => car.id === 'plus-1'), { id: 'plus-1', siteId: 'oai', name: 'Plus 1 号车', inUse: 1, capacity: 1, tier: 0, status: 'full', locked: false });
    assert.deepEqual((await enter(b.token, 'plus-1')).answer, refusal('carFull'));
    assert.equal((await quota(b.token)).used, 0, 'a refusal takes no use');

    clock += 61 * 60_000; // a's session ended
    assert.equal((await enter(b.token, 'plus-1')).answer.code, 0);

    await ops('car', 'disable', 'spare-b');
    assert.deepEqual((await enter(b.token, 'spare-b')).answer, refusal('carDisabled'));
    assert.equal((await data<MirrorOverview>(server(), 'GET', 'mirror/getCarList')).cars.find((car) => car.id === 'spare-b')?.status, 'disabled');
    await ops('car', 'set', 'spare-b', '--enable', '--capacity', '2');
    assert.equal((await enter(b.token, 'spare-b')).answer.code, 0);
  });

  it('a provider failure gives the use and the seat back and says why', async () => {
    const user = await registeredUser(server());
    fake.state.failing = true;
    try {
      assert.deepEqual((await enter(user.token, 'spare-a')).answer, refusal('providerFailed'));
    } finally {
      fake.state.failing = false;
    }
    assert.equal((await quota(user.token)).used, 0);
    const car = (await data<MirrorOverview>(server(), 'GET', 'mirror/getCarList')).cars.find((c) => c.id === 'spare-a');
    const seats = await t.app.db.db.selectFrom('mirror_sessions').select('id').where('user_id', '=', user.id).execute();
    assert.equal(seats.length, 0);
    assert.ok(car && car.inUse < car.capacity);
    assert.equal((await enter(user.token, 'spare-a')).answer.code, 0);
  });

  it('invites add uses up to the cap; promo days every 7 days add more', async () => {
    assert.equal(isPromoDay('2024-12-06', '2024-12-06'), true);
    assert.equal(isPromoDay('2024-12-13', '2024-12-06'), true);
    assert.equal(isPromoDay('2024-12-12', '2024-12-06'), false);
    assert.equal(isPromoDay('2024-11-29', '2024-12-06'), false);
    assert.equal(nextPromoDay('2025-03-05', '2024-12-06'), '2025-03-07');
    assert.equal(nextPromoDay('2025-03-07', '2024-12-06'), '2025-03-07');

    const inviter = await registeredUser(server());
    const at = new Date(clock).toISOString();
    for (let i = 0; i < 3; i++) {
      const invitee = await registeredUser(server());
      await t.app.db.db.insertInto('invite_grants').values({ invitee_id: invitee.id, inviter_id: inviter.id, status: 'granted', day: '2025-03-05', points: 8888, created_at: at }).execute();
    }
    const q = await quota(inviter.token);
    assert.deepEqual([q.planUses, q.inviteUses, q.inviteCap, q.promoUses, q.limit], [2, 2, 2, 0, 4]);

    clock = Date.parse('2025-03-07T04:00:00Z'); // 2025-03-07 is 2024-12-06 + 13 weeks
    const promo = await quota(inviter.token);
    assert.deepEqual([promo.day, promo.promoDay, promo.promoUses, promo.limit, promo.nextPromoDay], ['2025-03-07', true, 3, 7, '2025-03-07']);
    for (const id of ['plus-2', 'plus-3', 'spare-a', 'spare-b']) assert.equal((await enter(inviter.token, id)).answer.code, 0, id);
    await data(server(), 'POST', 'mirror/getShareToken', { token: inviter.token, payload: { carId: 'plus-1' } });
    assert.equal((await quota(inviter.token)).used, 5, 'past the plan and invite uses on a promo day');
  });

  it("the user's own keys: encrypted, masked, owner-only; entering with one counts no use", async () => {
    const user = await registeredUser(server());
    const other = await registeredUser(server());
    const added = await data<MirrorAuthKey>(server(), 'POST', 'mirror/user-auth-key/add', { token: user.token, payload: { siteId: 'oai', name: ' 我的账号 ', key: USER_KEY } });
    assert.equal(added.name, '我的账号');
    assert.equal(added.maskedKey, `eyJh…${USER_KEY.slice(-4)}`);
    assert.ok(!JSON.stringify(added).includes(USER_KEY));
    const stored = await t.app.db.db.selectFrom('mirror_user_keys').selectAll().where('id', '=', added.id).executeTakeFirstOrThrow();
    assert.ok(!stored.key.includes(USER_KEY.slice(10)), 'not in clear text');
    assert.deepEqual(await data(server(), 'GET', 'mirror/user-auth-key/list', { token: user.token }), [added]);
    assert.deepEqual(await data(server(), 'GET', `mirror/user-auth-key/get?id=${added.id}`, { token: user.token }), added);
    assert.deepEqual(await data(server(), 'GET', 'mirror/user-auth-key/list', { token: other.token }), []);
    assert.deepEqual(await envelope(server(), 'GET', `mirror/user-auth-key/get?id=${added.id}`, { token: other.token }), refusal('keyMissing'));
    assert.deepEqual(await envelope(server(), 'POST', 'mirror/getFkToken', { token: other.token, payload: { keyId: added.id } }), refusal('keyMissing'));

    for (const bad of [{ siteId: 'oai', name: '', key: USER_KEY }, { siteId: 'oai', name: 'x', key: 'short' }, { siteId: 'oai', name: 'x', key: 'has space inside it' }]) {
      assert.equal((await envelope(server(), 'POST', 'mirror/user-auth-key/add', { token: user.token, payload: bad })).code, 400);
    }
    assert.deepEqual(await envelope(server(), 'POST', 'mirror/user-auth-key/add', { token: user.token, payload: { siteId: 'nope', name: 'x', key: USER_KEY } }), refusal('siteMissing'));

    const used = (await quota(user.token)).used;
    const response = await call(server(), 'POST', 'mirror/getFkToken', { token: user.token, payload: { keyId: added.id } });
    const handOff = (response.json() as { data: MirrorHandOff }).data;
    assert.equal(fake.registers.at(-1)!.form.access_token, USER_KEY);
    const opened = await go(handOff.goUrl, cookieOf(response).value);
    assert.equal(opened.headers.location, `${fake.origin}/auth/login_share?token=${encodeURIComponent(fake.tokens.at(-1)!)}`);
    assert.equal((await quota(user.token)).used, used);

    const renamed = await data<MirrorAuthKey>(server(), 'POST', 'mirror/user-auth-key/update', { token: user.token, payload: { id: added.id, name: '新名字', key: `${USER_KEY}XYZW` } });
    assert.equal(renamed.name, '新名字');
    assert.equal(renamed.maskedKey, 'eyJh…XYZW');
    assert.equal(await data(server(), 'POST', 'mirror/user-auth-key/delete', { token: user.token, payload: { id: added.id } }), null);
    assert.deepEqual(await envelope(server(), 'POST', 'mirror/user-auth-key/delete', { token: user.token, payload: { id: added.id } }), refusal('keyMissing'));
  });

  it('never logs a token or a credential', async () => {
    const all = logLines.join('');
    assert.ok(all.includes('mirror entry failed'), 'the failure was logged (the log was captured)');
    assert.ok(all.includes('/app-api/mirror/getShareToken'), 'requests were logged');
    for (const secret of [CAR_CREDENTIAL, OTHER_CREDENTIAL, USER_KEY, ...fake.tokens]) assert.ok(!all.includes(secret), `logged: ${secret.slice(0, 12)}…`);
  });
});
