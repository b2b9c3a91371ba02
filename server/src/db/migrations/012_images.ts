import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * AI drawing (server/src/modules/images/README.md): tasks (durable, claimed by one instance's
 * worker), their result images, likes of shared images (one per user by the primary key) and
 * uploaded reference images. Seeds are bigint (Midjourney's run to 2^32).
 */
export function images(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('image_tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('model_name', 'text', (c) => c.notNull())
        .addColumn('prompt', 'text', (c) => c.notNull())
        .addColumn('negative_prompt', 'text', (c) => c.notNull())
        .addColumn('style', 'text')
        .addColumn('aspect', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('seed', 'bigint')
        .addColumn('strength_percent', 'integer', (c) => c.notNull())
        .addColumn('reference_ids', 'text', (c) => c.notNull())
        .addColumn('parent_task_id', 'text')
        .addColumn('action', 'text')
        .addColumn('action_key', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('descriptions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('provider_state', 'text')
        .addColumn('offline_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hold_count', 'integer', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('started_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('image_tasks_user').on('image_tasks').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('image_tasks_status').on('image_tasks').columns(['status', 'created_at']).execute();

      await db.schema
        .createTable('images')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('task_id', 'text', (c) => c.notNull().references('image_tasks.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('original_key', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('thumb_key', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('shared_at', 'text')
        .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('images_task').on('images').columns(['task_id', 'idx']).execute();
      await db.schema.createIndex('images_gallery_newest').on('images').columns(['shared', 'shared_at']).execute();
      await db.schema.createIndex('images_gallery_likes').on('images').columns(['shared', 'likes']).execute();

      await db.schema
        .createTable('image_likes')
        .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('image_likes_pk', ['image_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('image_references')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('image_references').execute();
      await db.schema.dropTable('image_likes').execute();
      await db.schema.dropTable('images').execute();
      await db.schema.dropTable('image_tasks').execute();
    },
  };
}
