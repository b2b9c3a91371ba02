import type { Kysely, Selectable } from 'kysely';
import type { Database, UserTable } from '../../db/schema.js';

/**
 * The users-table queries other modules run. Each takes the executor — the database, or the
 * caller's transaction, so a plan bought or redeemed is written in the same transaction as the
 * payment or the points that pay for it.
 */
type Executor = Kysely<Database>;

/** The plan columns: points package, subscription and VIP days, each with its expiry. */
export type PlanColumns = Pick<Selectable<UserTable>, 'user_level' | 'user_sign_expire_time' | 'user_package2' | 'user_package_expire_time2' | 'more_package_time'>;

/** A user's plan with what the points and invite rules read beside it. */
export type UserPlanRow = PlanColumns & Pick<Selectable<UserTable>, 'id' | 'username' | 'invite_code' | 'inviter_id' | 'registration_ip'>;

export function userPlanOf(ex: Executor, userId: string): Promise<UserPlanRow | undefined> {
  return ex
    .selectFrom('users')
    .select(['id', 'username', 'invite_code', 'inviter_id', 'registration_ip', 'user_level', 'user_sign_expire_time', 'user_package2', 'user_package_expire_time2', 'more_package_time'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setUserPlan(ex: Executor, userId: string, fields: Partial<PlanColumns>, at: string): Promise<void> {
  await ex.updateTable('users').set({ ...fields, updated_at: at }).where('id', '=', userId).execute();
}

/** How many users registered with this user's invite code. */
export async function countInvitees(ex: Executor, inviterId: string): Promise<number> {
  const row = await ex.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('count')).where('inviter_id', '=', inviterId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The id of the user with this username, or of the user with this id. */
export function userIdByNameOrId(ex: Executor, name: string): Promise<{ id: string } | undefined> {
  return ex.selectFrom('users').select('id').where((eb) => eb.or([eb('username', '=', name), eb('id', '=', name)])).executeTakeFirst();
}

/** Ends every access token of the user (they carry the version as `ver`). */
export async function raiseTokenVersion(ex: Executor, userId: string, at: string): Promise<void> {
  await ex
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: at }))
    .where('id', '=', userId)
    .execute();
}
