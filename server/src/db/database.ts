import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { migrateToLatest } from './migrations/index.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, else SQLite (WAL) at dataDir/qiming.db. Migrations run before use. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  let db: Kysely<Database>;
  let dialect: DialectName;
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (restart, failover, admin) must not crash the server;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`[db] idle PostgreSQL connection closed: ${error.message}`));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    fs.mkdirSync(options.dataDir, { recursive: true });
    const sqlite = new SQLite(path.join(options.dataDir, 'qiming.db'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  await migrateToLatest(db, dialect);
  return { db, dialect, close: () => db.destroy() };
}
