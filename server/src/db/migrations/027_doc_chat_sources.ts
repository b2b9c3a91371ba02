import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/** A document chat made from a Word file (docChat README "DOCX"): the upload it was converted from; upload_id is then the PDF made from it. */
export function docChatSources(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema.alterTable('doc_chats').addColumn('source_upload_id', 'text').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.alterTable('doc_chats').dropColumn('source_upload_id').execute();
    },
  };
}
