import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Document chat (server/src/modules/docChat/README.md): a passage's PDF pages, the kind of a
 * knowledge base ('base', or 'document': a document chat's hidden index, never listed), and the
 * users' chat documents. Deleting a document's index cascades to its passages and their entries.
 */
export function docChats(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema.alterTable('knowledge_chunks').addColumn('page', 'integer').execute();
      await db.schema.alterTable('knowledge_chunks').addColumn('page_end', 'integer').execute();
      // A document reopens its conversations: the messages that used its index.
      await db.schema.createIndex('conversation_nodes_knowledge').on('conversation_nodes').columns(['knowledge_id']).execute();
      await db.schema.alterTable('knowledge_bases').addColumn('kind', 'text', (c) => c.notNull().defaultTo('base')).execute();

      await db.schema
        .createTable('doc_chats')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('upload_id', 'text', (c) => c.notNull())
        .addColumn('knowledge_id', 'text', (c) => c.notNull().references('knowledge_bases.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('pages', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('doc_chats_user').on('doc_chats').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('doc_chats_knowledge').on('doc_chats').columns(['knowledge_id']).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('doc_chats').execute();
      await db.deleteFrom('knowledge_bases').where('kind', '=', 'document').execute();
      await db.schema.alterTable('knowledge_bases').dropColumn('kind').execute();
      await db.schema.dropIndex('conversation_nodes_knowledge').execute();
      await db.schema.alterTable('knowledge_chunks').dropColumn('page_end').execute();
      await db.schema.alterTable('knowledge_chunks').dropColumn('page').execute();
    },
  };
}
