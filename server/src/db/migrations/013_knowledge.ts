import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Knowledge bases (server/src/modules/knowledge/README.md): bases, documents (each its own
 * ingestion job) and passages. The full-text index is per dialect: an FTS5 table kept in step with
 * the passages by triggers on SQLite, a GIN expression index on PostgreSQL. Deleting a base or a
 * document cascades to its passages, and so to their index entries.
 */
export function knowledge(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('knowledge_bases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('knowledge_bases_owner').on('knowledge_bases').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('knowledge_bases_public').on('knowledge_bases').columns(['is_public', 'created_at']).execute();

      await db.schema
        .createTable('knowledge_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('knowledge_id', 'text', (c) => c.notNull().references('knowledge_bases.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('upload_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('knowledge_items_base').on('knowledge_items').columns(['knowledge_id', 'created_at']).execute();
      await db.schema.createIndex('knowledge_items_queue').on('knowledge_items').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('knowledge_items_owner').on('knowledge_items').columns(['user_id']).execute();

      await db.schema
        .createTable('knowledge_chunks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('item_id', 'text', (c) => c.notNull().references('knowledge_items.id').onDelete('cascade'))
        .addColumn('knowledge_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('heading', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('knowledge_chunks_item').on('knowledge_chunks').columns(['item_id', 'seq']).execute();
      await db.schema.createIndex('knowledge_chunks_base').on('knowledge_chunks').columns(['knowledge_id']).execute();

      if (dialect === 'postgres') {
        await sql`CREATE INDEX knowledge_chunks_terms ON knowledge_chunks USING gin (to_tsvector('simple', terms))`.execute(db);
      } else {
        // The FTS row shares the passage's rowid; the default tokenizer splits the space-joined terms.
        await sql`CREATE VIRTUAL TABLE knowledge_fts USING fts5(terms)`.execute(db);
        await sql`CREATE TRIGGER knowledge_chunks_fts_insert AFTER INSERT ON knowledge_chunks BEGIN INSERT INTO knowledge_fts(rowid, terms) VALUES (new.rowid, new.terms); END`.execute(db);
        await sql`CREATE TRIGGER knowledge_chunks_fts_delete AFTER DELETE ON knowledge_chunks BEGIN DELETE FROM knowledge_fts WHERE rowid = old.rowid; END`.execute(db);
      }
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await sql`DROP TABLE knowledge_fts`.execute(db);
      await db.schema.dropTable('knowledge_chunks').execute();
      await db.schema.dropTable('knowledge_items').execute();
      await db.schema.dropTable('knowledge_bases').execute();
    },
  };
}
