import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, sql, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import type { Database } from './schema.js';
import { migrateToLatest } from './migrations/index.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Rejects when the database cannot answer (the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every transaction on SQLite starts with BEGIN IMMEDIATE: it takes the write lock at the start
 * (waiting up to busy_timeout for another process), so a transaction that reads and then writes can
 * never fail half-way with SQLITE_BUSY because another connection wrote in between (what a deferred
 * BEGIN risks in WAL mode). Within one process Kysely already runs one transaction at a time on the
 * single connection; this covers the CLI or a second server process on the same file.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly driverConfig: SqliteDialectConfig) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.driverConfig);
  }
}

/** PostgreSQL's int8 (bigint columns, count(*)) as a JS number: point amounts stay far below 2^53. */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** PostgreSQL when a URL is given, else SQLite (WAL) at dataDir/qiming.db. Migrations run before use. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  let db: Kysely<Database>;
  let dialect: DialectName;
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types: pgTypes });
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
    db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  }
  await migrateToLatest(db, dialect);
  return {
    db,
    dialect,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
