import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * The guarded canary (server/src/modules/platform/README.md, "Guarded canary"): a channel's guard
 * settings while one runs, and which visitors each version of a guarded area was served to, the
 * denominator of its failure rate (kept only while the guard runs).
 */
export function canaryGuard(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema.alterTable('remote_channels').addColumn('canary_guard', 'text').execute();
      await db.schema
        .createTable('remote_exposures')
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('remote_exposures_pk', ['area', 'version', 'visitor'])
        .execute();
      await db.schema.createIndex('remote_exposures_area_seen').on('remote_exposures').columns(['area', 'seen_at']).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('remote_exposures').execute();
      await db.schema.alterTable('remote_channels').dropColumn('canary_guard').execute();
    },
  };
}
