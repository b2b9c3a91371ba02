import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OverrideRecord } from './snapshot.js';

/** SQL of the catalogue overrides and their revision stamp (migration 005). */
export class CatalogueRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The stamp servers poll: one primary-key read. */
  async revision(): Promise<number> {
    const row = await this.db.selectFrom('catalogue_state').select('revision').where('id', '=', 1).executeTakeFirstOrThrow();
    return Number(row.revision);
  }

  /**
   * The revision and every override. The revision is read first: a change committed in between
   * shows up as a newer revision at the next check and is loaded again, never missed.
   */
  async load(): Promise<{ revision: number; overrides: OverrideRecord[] }> {
    const revision = await this.revision();
    const rows = await this.db.selectFrom('catalogue_overrides').selectAll().orderBy('model_id').execute();
    return { revision, overrides: rows.map((row) => ({ modelId: row.model_id, fields: row.fields, updatedAt: row.updated_at })) };
  }

  /**
   * Runs one change in a transaction that first raises the revision: the UPDATE takes the row lock
   * (PostgreSQL; SQLite transactions here begin IMMEDIATE), so changes run one at a time and each
   * sees the one before. A change that throws rolls back and leaves the revision as it was.
   */
  async change<T>(at: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('catalogue_state')
        .set((eb) => ({ revision: eb('revision', '+', 1), updated_at: at }))
        .where('id', '=', 1)
        .execute();
      return work(trx);
    });
  }

  async override(trx: Transaction<Database>, modelId: string): Promise<OverrideRecord | undefined> {
    const row = await trx.selectFrom('catalogue_overrides').selectAll().where('model_id', '=', modelId).executeTakeFirst();
    return row && { modelId: row.model_id, fields: row.fields, updatedAt: row.updated_at };
  }

  async write(trx: Transaction<Database>, modelId: string, fields: Record<string, unknown>, at: string): Promise<void> {
    const json = JSON.stringify(fields);
    await trx
      .insertInto('catalogue_overrides')
      .values({ model_id: modelId, fields: json, updated_at: at })
      .onConflict((oc) => oc.column('model_id').doUpdateSet({ fields: json, updated_at: at }))
      .execute();
  }

  async remove(trx: Transaction<Database>, modelId: string): Promise<void> {
    await trx.deleteFrom('catalogue_overrides').where('model_id', '=', modelId).execute();
  }
}
