import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { countInvitees, raiseTokenVersion, setUserPlan, userIdByNameOrId, userPlanOf } from './queries.js';

describe(`users-table queries other modules run (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());
  const db = () => t.app.db.db;

  it("a plan change is part of the caller's transaction: rolled back with it, kept with it", async () => {
    const userId = await createUser(t.app);
    const plan = { user_package2: 2, user_package_expire_time2: '2031-01-01T00:00:00.000Z' };
    await assert.rejects(
      db().transaction().execute(async (trx) => {
        await setUserPlan(trx, userId, plan, '2030-01-01T00:00:00.000Z');
        assert.equal((await userPlanOf(trx, userId))?.user_package2, 2, 'seen inside the transaction');
        throw new Error('payment failed');
      }),
      /payment failed/,
    );
    assert.equal((await userPlanOf(db(), userId))?.user_package2, 0);
    await db().transaction().execute((trx) => setUserPlan(trx, userId, plan, '2030-01-01T00:00:00.000Z'));
    const row = await userPlanOf(db(), userId);
    assert.deepEqual([row?.user_package2, row?.user_package_expire_time2, row?.user_level, row?.more_package_time], [2, plan.user_package_expire_time2, 0, null]);
    assert.equal((await t.app.users.byId(userId))?.updated_at, '2030-01-01T00:00:00.000Z');
    assert.equal(await userPlanOf(db(), 'nobody'), undefined);
  });

  it('finds a user by name or id, counts invitees, raises the token version', async () => {
    const inviterId = await createUser(t.app);
    const inviter = (await t.app.users.byId(inviterId))!;
    await createUser(t.app, { inviterCode: inviter.invite_code });
    await createUser(t.app, { inviterCode: inviter.invite_code });
    assert.equal(await countInvitees(db(), inviterId), 2);
    assert.deepEqual(await userIdByNameOrId(db(), inviter.username), { id: inviterId });
    assert.deepEqual(await userIdByNameOrId(db(), inviterId), { id: inviterId });
    assert.equal(await userIdByNameOrId(db(), 'no-such-user'), undefined);
    await raiseTokenVersion(db(), inviterId, '2030-01-02T00:00:00.000Z');
    assert.equal((await t.app.users.byId(inviterId))?.token_version, inviter.token_version + 1);
  });
});
