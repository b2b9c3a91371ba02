import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Db } from './database.js';
import { createTestStorage, type TestStorage } from '../testing/testDatabase.js';

describe(`database (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
  });
  after(async () => {
    await db.close();
    await storage.cleanup();
  });

  it('applies migrations once, and again is a no-op', async () => {
    const again = await openDatabase(storage);
    await again.close();
    const channels = await db.db.selectFrom('remote_channels').selectAll().execute();
    assert.deepEqual(channels, []);
  });

  const onPostgres = process.env.TEST_DATABASE === 'postgres';
  (onPostgres ? it : it.skip)('survives PostgreSQL ending its idle connections', async () => {
    await sql`select 1`.execute(db.db);
    const admin = new pg.Client({ connectionString: storage.databaseUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db.db);
    assert.equal(Number(rows[0]!.one), 1);
  });
});
