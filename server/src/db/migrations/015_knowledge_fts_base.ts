import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * SQLite: every full-text row also holds its base's token (`kb` + the base id's hex digits), so a
 * search intersects with its base's rows first instead of scoring the matching passages of every
 * base in the instance (server/src/modules/knowledge/README.md "Retrieval"). PostgreSQL: nothing.
 */
export function knowledgeFtsBase(dialect: DialectName): Migration {
  const rowOf = (alias: string) => sql.raw(`${alias}.terms || ' kb' || replace(${alias}.knowledge_id, '-', '')`);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await sql`DROP TRIGGER knowledge_chunks_fts_insert`.execute(db);
      await sql`CREATE TRIGGER knowledge_chunks_fts_insert AFTER INSERT ON knowledge_chunks BEGIN INSERT INTO knowledge_fts(rowid, terms) VALUES (new.rowid, ${rowOf('new')}); END`.execute(db);
      await sql`DELETE FROM knowledge_fts`.execute(db);
      await sql`INSERT INTO knowledge_fts(rowid, terms) SELECT c.rowid, ${rowOf('c')} FROM knowledge_chunks c`.execute(db);
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await sql`DROP TRIGGER knowledge_chunks_fts_insert`.execute(db);
      await sql`CREATE TRIGGER knowledge_chunks_fts_insert AFTER INSERT ON knowledge_chunks BEGIN INSERT INTO knowledge_fts(rowid, terms) VALUES (new.rowid, new.terms); END`.execute(db);
      await sql`DELETE FROM knowledge_fts`.execute(db);
      await sql`INSERT INTO knowledge_fts(rowid, terms) SELECT rowid, terms FROM knowledge_chunks`.execute(db);
    },
  };
}
