import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * AI video (server/src/modules/video/README.md): one durable task per request, claimed by one
 * instance's runner (the queue columns of src/tasks), with its result's storage keys and metadata.
 */
export function video(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('video_tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('model_name', 'text', (c) => c.notNull())
        .addColumn('prompt', 'text', (c) => c.notNull())
        .addColumn('first_frame_id', 'text')
        .addColumn('duration_seconds', 'integer', (c) => c.notNull())
        .addColumn('aspect', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('video_key', 'text')
        .addColumn('video_mime', 'text')
        .addColumn('poster_key', 'text')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('result_ms', 'integer')
        .addColumn('bytes', 'bigint')
        .addColumn('provider_state', 'text')
        .addColumn('offline_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('started_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('video_tasks_user').on('video_tasks').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('video_tasks_status').on('video_tasks').columns(['status', 'created_at']).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('video_tasks').execute();
    },
  };
}
