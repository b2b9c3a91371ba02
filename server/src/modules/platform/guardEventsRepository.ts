import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, GuardEventTable } from '../../db/schema.js';

export type GuardEventRow = Selectable<GuardEventTable>;

/** SQL of the guard events browsers report; the same queries on SQLite and PostgreSQL. */
export class GuardEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(event: Insertable<GuardEventTable>): Promise<void> {
    await this.db.insertInto('guard_events').values(event).execute();
  }

  /** Deletes all but the newest `keep` events. */
  async trim(keep: number): Promise<void> {
    const cutoff = await this.db.selectFrom('guard_events').select('id').orderBy('id', 'desc').offset(keep - 1).limit(1).executeTakeFirst();
    if (!cutoff) return;
    await this.db.deleteFrom('guard_events').where('id', '<', cutoff.id).execute();
  }

  newest(limit: number): Promise<GuardEventRow[]> {
    return this.db.selectFrom('guard_events').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
