import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * AI slides (server/src/modules/slides/README.md): decks (outline and slides as JSON text) and their
 * generations, durable tasks with the queue columns of src/tasks.
 */
export function slides(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('slide_decks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_text', 'text', (c) => c.notNull())
        .addColumn('upload_id', 'text')
        .addColumn('slide_count', 'integer', (c) => c.notNull())
        .addColumn('outline', 'text', (c) => c.notNull())
        .addColumn('outline_writing', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('outline_beat', 'text')
        .addColumn('outline_error', 'text')
        .addColumn('outline_offline', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('template_id', 'text', (c) => c.notNull())
        .addColumn('slides', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('task_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('slide_decks_user').on('slide_decks').columns(['user_id', 'updated_at']).execute();

      await db.schema
        .createTable('slide_tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('deck_id', 'text', (c) => c.notNull().references('slide_decks.id').onDelete('cascade'))
        .addColumn('price_model', 'text', (c) => c.notNull())
        .addColumn('writer_model', 'text', (c) => c.notNull())
        .addColumn('template_id', 'text', (c) => c.notNull())
        .addColumn('outline', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('slides_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('offline_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('started_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('slide_tasks_status').on('slide_tasks').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('slide_tasks_user').on('slide_tasks').columns(['user_id', 'status']).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('slide_tasks').execute();
      await db.schema.dropTable('slide_decks').execute();
    },
  };
}
