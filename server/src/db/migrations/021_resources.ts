import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * The resource directory (server/src/modules/resources/README.md): categories (a sub-category has
 * a parent), the items (cards) and the visitors' feedback on them.
 */
export function resources(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('resource_categories')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('parent_id', 'text', (c) => c.references('resource_categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('resource_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('category_id', 'text', (c) => c.notNull().references('resource_categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        // JSON array of tags.
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        // Blob key of an icon ops uploaded; null: the letter icon.
        .addColumn('icon_key', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('resource_items_category').on('resource_items').columns(['category_id', 'sort']).execute();

      await db.schema
        .createTable('resource_feedback')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('item_id', 'text', (c) => c.notNull().references('resource_items.id'))
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        // u:<user id> or a:<anonymous browser id> or ip:<address>
        .addColumn('visitor_key', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('resource_feedback_time').on('resource_feedback').column('created_at').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('resource_feedback').execute();
      await db.schema.dropTable('resource_items').execute();
      await db.schema.dropTable('resource_categories').execute();
    },
  };
}
