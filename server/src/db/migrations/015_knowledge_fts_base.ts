import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Faster knowledge search (server/src/modules/knowledge/README.md "Retrieval"). SQLite: every
 * full-text row also holds its base's token (`kb` + the base id's hex digits), so a search
 * intersects with its base's rows first instead of scoring the matching passages of every base in
 * the instance. PostgreSQL: the passages' tsvector is stored (a generated column with its GIN
 * index) instead of computed again for every row a query looks at.
 */
export function knowledgeFtsBase(dialect: DialectName): Migration {
  const rowOf = (alias: string) => sql.raw(`${alias}.terms || ' kb' || replace(${alias}.knowledge_id, '-', '')`);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`ALTER TABLE knowledge_chunks ADD COLUMN terms_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED`.execute(db);
        await sql`CREATE INDEX knowledge_chunks_terms_tsv ON knowledge_chunks USING gin (terms_tsv)`.execute(db);
        await sql`DROP INDEX knowledge_chunks_terms`.execute(db);
        return;
      }
      await sql`DROP TRIGGER knowledge_chunks_fts_insert`.execute(db);
      await sql`CREATE TRIGGER knowledge_chunks_fts_insert AFTER INSERT ON knowledge_chunks BEGIN INSERT INTO knowledge_fts(rowid, terms) VALUES (new.rowid, ${rowOf('new')}); END`.execute(db);
      await sql`DELETE FROM knowledge_fts`.execute(db);
      await sql`INSERT INTO knowledge_fts(rowid, terms) SELECT c.rowid, ${rowOf('c')} FROM knowledge_chunks c`.execute(db);
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`CREATE INDEX knowledge_chunks_terms ON knowledge_chunks USING gin (to_tsvector('simple', terms))`.execute(db);
        await sql`ALTER TABLE knowledge_chunks DROP COLUMN terms_tsv`.execute(db);
        return;
      }
      await sql`DROP TRIGGER knowledge_chunks_fts_insert`.execute(db);
      await sql`CREATE TRIGGER knowledge_chunks_fts_insert AFTER INSERT ON knowledge_chunks BEGIN INSERT INTO knowledge_fts(rowid, terms) VALUES (new.rowid, new.terms); END`.execute(db);
      await sql`DELETE FROM knowledge_fts`.execute(db);
      await sql`INSERT INTO knowledge_fts(rowid, terms) SELECT rowid, terms FROM knowledge_chunks`.execute(db);
    },
  };
}
