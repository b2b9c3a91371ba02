import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Public share pages (server/src/modules/share/README.md): one row per shared conversation with the
 * snapshot the page shows. Deleting the conversation (or the user) deletes its row through the
 * foreign keys, so a deleted conversation's page is gone at once.
 */
export function shares(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('conversation_shares')
        .addColumn('conv_group_id', 'text', (c) => c.primaryKey().references('conversation_groups.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The SharedConversation as JSON; NULL once revoked (nothing of a withdrawn page is kept).
        .addColumn('snapshot', 'text')
        .addColumn('shared_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('conversation_shares_user').on('conversation_shares').column('user_id').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('conversation_shares').execute();
    },
  };
}
