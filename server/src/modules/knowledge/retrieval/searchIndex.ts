import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { queryTerms } from './segment.js';

export interface FullTextHit {
  chunkId: string;
  /** Higher is better, only comparable within one search. */
  score: number;
}

/**
 * Full-text search over the passages' pre-segmented terms (`knowledge_chunks.terms`, written with
 * the passage): SQLite FTS5 (kept in step by triggers) or PostgreSQL's `simple` text search over a
 * GIN expression index. One interface, one implementation per dialect (README "Retrieval").
 */
export interface SearchIndex {
  search(knowledgeId: string, query: string, limit: number): Promise<FullTextHit[]>;
}

export function searchIndexFor(db: Kysely<Database>, dialect: DialectName): SearchIndex {
  return dialect === 'postgres' ? new PostgresSearchIndex(db) : new SqliteSearchIndex(db);
}

class SqliteSearchIndex implements SearchIndex {
  constructor(private readonly db: Kysely<Database>) {}

  async search(knowledgeId: string, query: string, limit: number): Promise<FullTextHit[]> {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    // Each term a quoted FTS5 string (terms hold only letters, digits and _), any of them matching.
    const match = terms.map((term) => `"${term}"`).join(' OR ');
    const { rows } = await sql<{ id: string; rank: number }>`
      SELECT c.id, bm25(knowledge_fts) AS rank
      FROM knowledge_fts JOIN knowledge_chunks c ON c.rowid = knowledge_fts.rowid
      WHERE knowledge_fts MATCH ${match} AND c.knowledge_id = ${knowledgeId}
      ORDER BY rank LIMIT ${limit}`.execute(this.db);
    // bm25() is lower for better matches.
    return rows.map((row) => ({ chunkId: row.id, score: -Number(row.rank) }));
  }
}

class PostgresSearchIndex implements SearchIndex {
  constructor(private readonly db: Kysely<Database>) {}

  async search(knowledgeId: string, query: string, limit: number): Promise<FullTextHit[]> {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    // A tsquery literal: quoted lexemes OR-ed, taken as they are (no parser, no stemming).
    const tsquery = terms.map((term) => `'${term}'`).join(' | ');
    const { rows } = await sql<{ id: string; rank: number }>`
      SELECT id, ts_rank_cd(to_tsvector('simple', terms), q) AS rank
      FROM knowledge_chunks, CAST(${tsquery} AS tsquery) AS q
      WHERE knowledge_id = ${knowledgeId} AND to_tsvector('simple', terms) @@ q
      ORDER BY rank DESC, seq LIMIT ${limit}`.execute(this.db);
    return rows.map((row) => ({ chunkId: row.id, score: Number(row.rank) }));
  }
}
