import type { Kysely, Selectable } from 'kysely';
import type { Database, InviteGrantTable } from '../../db/schema.js';

export type InviteGrantRow = Selectable<InviteGrantTable>;

/** SQL of invite grants: one row per invitee (primary key), whether the pair was rewarded or not. */
export class InvitesRepository {
  constructor(readonly db: Kysely<Database>) {}

  async grant(ex: Kysely<Database>, inviteeId: string): Promise<InviteGrantRow | undefined> {
    const row = await ex.selectFrom('invite_grants').selectAll().where('invitee_id', '=', inviteeId).executeTakeFirst();
    return row && { ...row, points: Number(row.points) };
  }

  async insertGrant(trx: Kysely<Database>, row: InviteGrantRow): Promise<void> {
    await trx.insertInto('invite_grants').values(row).execute();
  }

  /** Rewarded invites of the inviter on one business day. */
  async grantedOn(ex: Kysely<Database>, inviterId: string, day: string): Promise<number> {
    const row = await ex
      .selectFrom('invite_grants')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('inviter_id', '=', inviterId)
      .where('day', '=', day)
      .where('status', '=', 'granted')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Whether an already rewarded invitee of the inviter registered from `ip`. */
  async rewardedFromIp(ex: Kysely<Database>, inviterId: string, ip: string): Promise<boolean> {
    const row = await ex
      .selectFrom('invite_grants')
      .innerJoin('users', 'users.id', 'invite_grants.invitee_id')
      .select('invite_grants.invitee_id')
      .where('invite_grants.inviter_id', '=', inviterId)
      .where('invite_grants.status', '=', 'granted')
      .where('users.registration_ip', '=', ip)
      .executeTakeFirst();
    return !!row;
  }

  /** Rewarded invites and the points they earned the inviter. */
  async rewarded(inviterId: string): Promise<{ count: number; points: number }> {
    const row = await this.db
      .selectFrom('invite_grants')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.sum<number | string | null>('points').as('points')])
      .where('inviter_id', '=', inviterId)
      .where('status', '=', 'granted')
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), points: Number(row.points ?? 0) };
  }
}
