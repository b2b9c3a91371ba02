import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InviteInfo } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, data, register, uniquePhone } from '../../testing/accounts.js';
import { assertLedgerMatches, china, createUser, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { InvitesRepository } from './repository.js';
import { InvitesService } from './service.js';

const ENV = { ...ACCOUNT_TEST_ENV, POINTS_DAILY_BY_TIER: '1000,1000,1000,1000', INVITE_DAILY_CAP: '2', INVITE_INCOME_ACCOUNT: 'income-account' };
let generation = 0;

describe(`invites (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-01-10 12:00'));
  before(async () => {
    t = await createTestApp(ENV, { now: clock.now });
  });
  after(() => t.close());
  const server = () => t.app.server;
  const points = () => t.app.points;
  const inviteCodeOf = async (userId: string) => (await t.app.users.byId(userId))!.invite_code;
  /** A generation that produced output: the "first successful use". */
  const use = async (userId: string) => {
    const id = `use-${++generation}`;
    await points().hold(userId, id, 'gpt-4o-mini');
    return points().settle(id, { requests: 1 });
  };
  const permanent = async (userId: string) => (await points().balance(userId)).restIntegral;
  const grantOf = (inviteeId: string) => t.app.db.db.selectFrom('invite_grants').selectAll().where('invitee_id', '=', inviteeId).executeTakeFirst();

  it('registering through ?aff= links the pair; the first successful use rewards both with 8888, once', async () => {
    const inviter = await register(server(), { phone: uniquePhone() }, { ip: '10.0.0.1' });
    const inviterId = decodeJwt(inviter.accessToken).sub!;
    const info = () => data<InviteInfo>(server(), 'GET', 'system/user/inviteInfo', { token: inviter.accessToken });
    const { inviteCode } = await info();
    const invitee = await register(server(), { phone: uniquePhone() }, { aff: inviteCode.toLowerCase(), ip: '10.0.0.2' });
    const inviteeId = decodeJwt(invitee.accessToken).sub!;
    assert.equal((await t.app.users.byId(inviteeId))!.registration_ip, '10.0.0.2');

    const before = await info();
    assert.equal(before.inviteCode, inviteCode);
    assert.match(before.inviteLink, new RegExp(`^http://[^/]+/loginPage\\?aff=${inviteCode}$`));
    assert.deepEqual({ ...before, inviteLink: '', inviteCode: '' }, { inviteCode: '', inviteLink: '', invitedCount: 1, rewardedCount: 0, pointsEarned: 0, rewardPerInvite: 8888, totalAmount: null });

    // Registering is not enough; a failed or empty generation is not a use.
    const failed = `fail-${++generation}`;
    await points().hold(inviteeId, failed, 'gpt-4o-mini');
    await points().refund(failed);
    const empty = `empty-${++generation}`;
    await points().hold(inviteeId, empty, 'gpt-4o-mini');
    await points().settle(empty, { requests: 0 });
    assert.equal(await grantOf(inviteeId), undefined);
    assert.deepEqual([await permanent(inviterId), await permanent(inviteeId)], [0, 0]);

    await use(inviteeId);
    assert.deepEqual([await permanent(inviterId), await permanent(inviteeId)], [8888, 8888]);
    await use(inviteeId);
    assert.deepEqual([await permanent(inviterId), await permanent(inviteeId)], [8888, 8888], 'once');
    const after = await info();
    assert.deepEqual([after.invitedCount, after.rewardedCount, after.pointsEarned], [1, 1, 8888]);
    const entries = (await points().history(inviterId, 1, 10)).list.filter((e) => e.kind === 'invite');
    assert.deepEqual(entries.map((e) => [e.kindText, e.bucket, e.delta, e.reference]), [['邀请奖励', 'permanent', 8888, (await t.app.users.byId(inviteeId))!.username]]);
    await assertLedgerMatches(t.app.db.db, inviterId);
    await assertLedgerMatches(t.app.db.db, inviteeId);
  });

  it('concurrent first uses of one invitee: the reward is granted exactly once', async () => {
    const inviter = await createUser(t.app, { ip: '10.1.0.1' });
    const invitee = await createUser(t.app, { inviterCode: await inviteCodeOf(inviter), ip: '10.1.0.2' });
    await Promise.all(Array.from({ length: 12 }, () => use(invitee)));
    await Promise.all(Array.from({ length: 12 }, () => t.app.invites.onFirstSuccessfulUse(invitee)));
    assert.deepEqual([await permanent(inviter), await permanent(invitee)], [8888, 8888]);
    const inviteEntries = await t.app.db.db.selectFrom('points_ledger').select('user_id').where('kind', '=', 'invite').where('user_id', 'in', [inviter, invitee]).execute();
    assert.equal(inviteEntries.length, 2);
    await assertLedgerMatches(t.app.db.db, inviter);
    await assertLedgerMatches(t.app.db.db, invitee);
  });

  it('same IP: no reward when the invitee registered from the inviter\'s IP or from a rewarded invitee\'s', async () => {
    const inviter = await createUser(t.app, { ip: '10.2.0.1' });
    const code = await inviteCodeOf(inviter);
    const twin = await createUser(t.app, { inviterCode: code, ip: '10.2.0.1' });
    await use(twin);
    assert.equal((await grantOf(twin))!.status, 'same_ip');
    const honest = await createUser(t.app, { inviterCode: code, ip: '10.2.0.2' });
    await use(honest);
    const sameAsHonest = await createUser(t.app, { inviterCode: code, ip: '10.2.0.2' });
    await use(sameAsHonest);
    assert.deepEqual(await Promise.all([twin, honest, sameAsHonest].map(async (id) => [(await grantOf(id))!.status, await permanent(id)])), [['same_ip', 0], ['granted', 8888], ['same_ip', 0]]);
    assert.equal(await permanent(inviter), 8888);
    const info = await t.app.invites.info(inviter, 'https://ai.example.com');
    assert.deepEqual([info.invitedCount, info.rewardedCount, info.pointsEarned, info.inviteLink], [3, 1, 8888, `https://ai.example.com/loginPage?aff=${code}`]);

    // The check can be switched off (INVITE_SAME_IP_CHECK=false).
    const lenient = new InvitesService(new InvitesRepository(t.app.db.db), points(), { ...t.config.invites, sameIpCheck: false });
    const inviter2 = await createUser(t.app, { ip: '10.2.1.1' });
    const twin2 = await createUser(t.app, { inviterCode: await inviteCodeOf(inviter2), ip: '10.2.1.1' });
    assert.equal(await lenient.onFirstSuccessfulUse(twin2), 'granted');
    assert.equal(await permanent(twin2), 8888);
  });

  it('per-inviter daily cap: later invitees that day are recorded unrewarded, even when concurrent', async () => {
    clock.set(china('2030-01-12 12:00'));
    const inviter = await createUser(t.app, { ip: '10.3.0.1' });
    const code = await inviteCodeOf(inviter);
    const invitees = await Promise.all(Array.from({ length: 5 }, (_, i) => createUser(t.app, { inviterCode: code, ip: `10.3.1.${i}` })));
    await Promise.all(invitees.map(use));
    const statuses = await Promise.all(invitees.map(async (id) => (await grantOf(id))!.status));
    assert.deepEqual(statuses.filter((s) => s === 'granted').length, 2);
    assert.deepEqual(statuses.filter((s) => s === 'capped').length, 3);
    assert.equal(await permanent(inviter), 2 * 8888);
    // The next business day the cap starts again; a capped invitee stays unrewarded (decided once).
    clock.set(china('2030-01-13 03:00'));
    const next = await createUser(t.app, { inviterCode: code, ip: '10.3.2.1' });
    await use(next);
    for (const id of invitees) await use(id);
    assert.equal((await grantOf(next))!.status, 'granted');
    assert.equal(await permanent(inviter), 3 * 8888);
    await assertLedgerMatches(t.app.db.db, inviter);
  });

  it('a user without an inviter gets nothing; 当前总收入 only for the configured account', async () => {
    const loner = await createUser(t.app);
    assert.equal(await t.app.invites.onFirstSuccessfulUse(loner), null);
    assert.equal((await t.app.invites.info(loner, 'http://x')).totalAmount, null);
    const income = await t.app.users.create({ username: 'income-account', uniqueUsername: false, email: 'income@example.com' });
    assert.equal((await t.app.invites.info(income.id, 'http://x')).totalAmount, 0);
  });
});
