import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

export function platformRegistry(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('remote_releases')
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('entry_url', 'text', (c) => c.notNull())
        .addColumn('integrity', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('remote_releases_pk', ['area', 'version'])
        .execute();
      await db.schema
        .createTable('remote_channels')
        .addColumn('area', 'text', (c) => c.primaryKey())
        .addColumn('container', 'text', (c) => c.notNull())
        .addColumn('active_version', 'text')
        .addColumn('previous_version', 'text')
        .addColumn('canary_version', 'text')
        .addColumn('canary_percent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('routes', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('remote_events')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('version', 'text')
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('remote_events_area_id').on('remote_events').columns(['area', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('remote_events').execute();
      await db.schema.dropTable('remote_channels').execute();
      await db.schema.dropTable('remote_releases').execute();
    },
  };
}
