import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Chat uploads (server/src/modules/uploads/README.md): one row per stored file, the bytes on disk
 * under UPLOAD_DIR/<user>/<id>, the text read from it kept for the chat.
 */
export function uploads(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('chat_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ocr', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_uploads_user_created').on('chat_uploads').columns(['user_id', 'created_at']).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('chat_uploads').execute();
    },
  };
}
