import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Paper AIGC check (server/src/modules/paperCheck/README.md): uploaded papers (their text) and their
 * checks, durable tasks with the queue columns of src/tasks.
 */
export function paperChecks(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('paper_documents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('chars', 'integer', (c) => c.notNull())
        .addColumn('paragraphs', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('paper_documents_user').on('paper_documents').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('paper_checks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('document_id', 'text', (c) => c.notNull().references('paper_documents.id').onDelete('cascade'))
        .addColumn('document_name', 'text', (c) => c.notNull())
        .addColumn('detector', 'text', (c) => c.notNull())
        .addColumn('price_model', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('offline_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('report', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('started_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('paper_checks_status').on('paper_checks').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('paper_checks_user').on('paper_checks').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('paper_checks_document').on('paper_checks').column('document_id').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('paper_checks').execute();
      await db.schema.dropTable('paper_documents').execute();
    },
  };
}
