import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * What the host shell shows around the areas (server/src/modules/announcements/README.md and platform/README.md, "Site configuration, downloads and guard events"):
 * announcement items and the per-channel popup settings, the modal's footer links, and the guard
 * events browsers report. The announcement seeds are written at startup, not here: their language
 * follows SITE_EDITION.
 */
export function site(dialect: DialectName): Migration {
  const serialId = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    table.addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await serialId(db.schema.createTable('announcement_items'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('route_url', 'text')
        .addColumn('published_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('announcement_items_channel_date').on('announcement_items').columns(['channel', 'published_on', 'id']).execute();
      await db.schema
        .createTable('announcement_channels')
        .addColumn('channel', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('max_shows', 'integer')
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('link', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('site_links')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await serialId(db.schema.createTable('guard_events'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('guard_events').execute();
      await db.schema.dropTable('site_links').execute();
      await db.schema.dropTable('announcement_channels').execute();
      await db.schema.dropTable('announcement_items').execute();
    },
  };
}
