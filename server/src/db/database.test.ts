import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Db } from './database.js';
import { suiteDatabase } from '../testing/testDatabase.js';

describe(`database (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const t = suiteDatabase();

  it('applies migrations once, and again is a no-op', async () => {
    const again = await openDatabase(t.storage);
    await again.close();
    const channels = await t.db.db.selectFrom('remote_channels').selectAll().execute();
    assert.deepEqual(channels, []);
  });

  const onPostgres = process.env.TEST_DATABASE === 'postgres';

  (onPostgres ? it.skip : it)('SQLite transactions take the write lock at BEGIN (BEGIN IMMEDIATE)', async () => {
    // A second connection, as another process would have, that does not wait for locks.
    const other = new SQLite(path.join(t.storage.dataDir, 'qiming.db'));
    other.pragma('busy_timeout = 0');
    try {
      await t.db.db.transaction().execute(async (trx) => {
        // Only a read so far: a deferred BEGIN would hold no write lock yet.
        await trx.selectFrom('users').select('id').execute();
        assert.throws(() => other.exec('begin immediate'), (error: Error & { code?: string }) => error.code === 'SQLITE_BUSY');
        // Readers are not blocked (WAL).
        assert.deepEqual(other.prepare('select count(*) as n from users').get(), { n: 0 });
      });
      other.exec('begin immediate');
      other.exec('rollback');
    } finally {
      other.close();
    }
  });
  (onPostgres ? it : it.skip)('survives PostgreSQL ending its idle connections', async () => {
    await sql`select 1`.execute(t.db.db);
    const admin = new pg.Client({ connectionString: t.storage.databaseUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.db.db);
    assert.equal(Number(rows[0]!.one), 1);
  });
});
