import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The model catalogue's ops overrides (server/src/modules/catalogue/README.md). `catalogue_overrides`
 * holds, per model id, the fields ops changed (JSON object); an id the built-in data does not know
 * is an entry ops added. `catalogue_state` is one row whose `revision` every change raises in the
 * same transaction: the cheap stamp each server instance polls, and the lock that serialises
 * changes (the UPDATE comes first).
 */
export function catalogue(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('catalogue_overrides')
        .addColumn('model_id', 'text', (c) => c.primaryKey())
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('catalogue_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.insertInto('catalogue_state').values({ id: 1, revision: 0, updated_at: new Date().toISOString() }).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('catalogue_state').execute();
      await db.schema.dropTable('catalogue_overrides').execute();
    },
  };
}
