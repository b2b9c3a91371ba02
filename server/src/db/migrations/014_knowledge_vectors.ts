import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Passage embeddings (server/src/modules/knowledge/README.md "Embeddings"): one unit-length
 * float32 vector per passage and embedding model, as bytes, scored in process. They go with their
 * passage.
 */
export function knowledgeVectors(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('knowledge_vectors')
        .addColumn('chunk_id', 'text', (c) => c.primaryKey().references('knowledge_chunks.id').onDelete('cascade'))
        .addColumn('knowledge_id', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('vector', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('knowledge_vectors_base').on('knowledge_vectors').columns(['knowledge_id', 'model']).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('knowledge_vectors').execute();
    },
  };
}
