import type { Kysely, Selectable } from 'kysely';
import type { Database, SigninTable } from '../../db/schema.js';

export type SigninRow = Selectable<SigninTable>;

/** SQL of sign-ins; one row per user and business day (the primary key makes it once). */
export class SigninRepository {
  constructor(readonly db: Kysely<Database>) {}

  async byDay(ex: Kysely<Database>, userId: string, day: string): Promise<SigninRow | undefined> {
    const row = await ex.selectFrom('signins').selectAll().where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
    return row && { ...row, reward: Number(row.reward), streak: Number(row.streak) };
  }

  async insert(trx: Kysely<Database>, row: SigninRow): Promise<void> {
    await trx.insertInto('signins').values(row).execute();
  }
}
