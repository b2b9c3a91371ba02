import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database, MirrorCarTable, MirrorSessionTable, MirrorSiteTable, MirrorUserKeyTable } from '../../db/schema.js';

export type SiteRow = Selectable<MirrorSiteTable>;
export type CarRow = Selectable<MirrorCarTable>;
export type SessionRow = Selectable<MirrorSessionTable>;
export type UserKeyRow = Selectable<MirrorUserKeyTable>;

/** What reserving an entry on a car came to. */
export type Reservation =
  | { kind: 'reserved'; session: SessionRow }
  | { kind: 'reuse'; session: SessionRow }
  | { kind: 'entering' }
  | { kind: 'quotaUsed' }
  | { kind: 'carFull' }
  | { kind: 'carMissing' }
  | { kind: 'carDisabled' };

export interface ReserveInput {
  session: SessionRow;
  /** The day's allowance (counted entries only). */
  limit: number;
  now: string;
  /** Pending entries created before this are left over from a crash: deleted (use and seat given back). */
  staleBefore: string;
}

/** SQL of the mirror site. */
export class MirrorRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  sites(): Promise<SiteRow[]> {
    return this.db.selectFrom('mirror_sites').selectAll().orderBy('sort').orderBy('id').execute();
  }

  site(id: string): Promise<SiteRow | undefined> {
    return this.db.selectFrom('mirror_sites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertSite(row: SiteRow): Promise<void> {
    await this.db.insertInto('mirror_sites').values(row).execute();
  }

  /** The site with its cars, their entries and the users' keys for it. */
  async deleteSite(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mirror_sessions').where('site_id', '=', id).execute();
      await trx.deleteFrom('mirror_user_keys').where('site_id', '=', id).execute();
      await trx.deleteFrom('mirror_cars').where('site_id', '=', id).execute();
      const result = await trx.deleteFrom('mirror_sites').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }

  cars(siteId?: string): Promise<CarRow[]> {
    let query = this.db.selectFrom('mirror_cars').selectAll();
    if (siteId !== undefined) query = query.where('site_id', '=', siteId);
    return query.orderBy('site_id').orderBy('sort').orderBy('id').execute();
  }

  car(id: string): Promise<CarRow | undefined> {
    return this.db.selectFrom('mirror_cars').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertCar(row: CarRow): Promise<void> {
    await this.db.insertInto('mirror_cars').values(row).execute();
  }

  async updateCar(id: string, change: Partial<Omit<CarRow, 'id' | 'site_id' | 'created_at'>>): Promise<void> {
    await this.db.updateTable('mirror_cars').set(change).where('id', '=', id).execute();
  }

  /** Seats taken per car: entries that have not expired (pending ones included). */
  async loads(now: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('mirror_sessions')
      .select(['car_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('car_id', 'is not', null)
      .where('expires_at', '>', now)
      .groupBy('car_id')
      .execute();
    return new Map(rows.map((row) => [row.car_id!, Number(row.n)]));
  }

  async usedOn(userId: string, day: string, ex: Kysely<Database> | Transaction<Database> = this.db): Promise<number> {
    const row = await ex
      .selectFrom('mirror_sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('counted', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Takes a use of the day and a seat of the car, or says why not. One transaction serialised per
   * user and per car (PostgreSQL: both rows locked, user first; SQLite: BEGIN IMMEDIATE), so two
   * quick clicks cannot pass the day's allowance or a car's capacity together.
   */
  async reserve({ session, limit, now, staleBefore }: ReserveInput): Promise<Reservation> {
    const carId = session.car_id!;
    return this.db.transaction().execute(async (trx): Promise<Reservation> => {
      if (this.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', session.user_id).forUpdate().execute();
      let carQuery = trx.selectFrom('mirror_cars').select(['status', 'capacity']).where('id', '=', carId);
      if (this.dialect === 'postgres') carQuery = carQuery.forUpdate();
      const car = await carQuery.executeTakeFirst();
      if (!car) return { kind: 'carMissing' };
      if (car.status !== 'active') return { kind: 'carDisabled' };
      await trx.deleteFrom('mirror_sessions').where('status', '=', 'pending').where('created_at', '<', staleBefore).execute();

      const own = await trx
        .selectFrom('mirror_sessions')
        .selectAll()
        .where('user_id', '=', session.user_id)
        .where('car_id', '=', carId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (own?.status === 'active') return { kind: 'reuse', session: own };
      if (own) return { kind: 'entering' };

      if ((await this.usedOn(session.user_id, session.day, trx)) >= limit) return { kind: 'quotaUsed' };
      const seats = await trx
        .selectFrom('mirror_sessions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('car_id', '=', carId)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(seats.n) >= car.capacity) return { kind: 'carFull' };
      await trx.insertInto('mirror_sessions').values(session).execute();
      return { kind: 'reserved', session };
    });
  }

  async insertSession(row: SessionRow): Promise<void> {
    await this.db.insertInto('mirror_sessions').values(row).execute();
  }

  async activate(id: string, sealedToken: string): Promise<void> {
    await this.db.updateTable('mirror_sessions').set({ status: 'active', token: sealedToken }).where('id', '=', id).execute();
  }

  /** A failed entry: its use and its seat are given back. */
  async dropSession(id: string): Promise<void> {
    await this.db.deleteFrom('mirror_sessions').where('id', '=', id).execute();
  }

  session(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('mirror_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertHandoff(row: { id: string; session_id: string; user_id: string; browser_hash: string; expires_at: string }): Promise<void> {
    await this.db.insertInto('mirror_handoffs').values({ ...row, used_at: null }).execute();
  }

  /**
   * Marks the hand-off used when it is unused, unexpired and opened by the browser it was made for:
   * one guarded update, so two openings at once cannot both pass. Its session id, or null.
   */
  async claimHandoff(id: string, browserHash: string, now: string): Promise<string | null> {
    const result = await this.db
      .updateTable('mirror_handoffs')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('browser_hash', '=', browserHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return null;
    const row = await this.db.selectFrom('mirror_handoffs').select('session_id').where('id', '=', id).executeTakeFirstOrThrow();
    return row.session_id;
  }

  /** Hand-offs past their time: nothing opens them any more (entries stay: they are the days' uses). */
  async sweepHandoffs(now: string): Promise<void> {
    await this.db.deleteFrom('mirror_handoffs').where('expires_at', '<=', now).execute();
  }

  keys(userId: string): Promise<UserKeyRow[]> {
    return this.db.selectFrom('mirror_user_keys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  }

  key(userId: string, id: string): Promise<UserKeyRow | undefined> {
    return this.db.selectFrom('mirror_user_keys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  async countKeys(userId: string): Promise<number> {
    const row = await this.db.selectFrom('mirror_user_keys').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertKey(row: UserKeyRow): Promise<void> {
    await this.db.insertInto('mirror_user_keys').values(row).execute();
  }

  async updateKey(userId: string, id: string, change: Partial<Pick<UserKeyRow, 'name' | 'key' | 'masked' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('mirror_user_keys').set(change).where('user_id', '=', userId).where('id', '=', id).execute();
  }

  async deleteKey(userId: string, id: string): Promise<boolean> {
    const result = await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mirror_sessions').where('user_id', '=', userId).where('key_id', '=', id).execute();
      return trx.deleteFrom('mirror_user_keys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    });
    return result.numDeletedRows > 0n;
  }
}
