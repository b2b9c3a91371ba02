import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import pg from 'pg';
import { openDatabase, type Db } from '../db/database.js';

/** Admin connection used to create and drop each test's own PostgreSQL database. */
const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestStorage {
  dataDir: string;
  databaseUrl: string | undefined;
  kind: 'sqlite' | 'postgres';
  cleanup(): Promise<void>;
}

/**
 * A fresh, private storage for one test file: a temp data dir, plus its own PostgreSQL database
 * when TEST_DATABASE=postgres. Runs never share state, and cleanup removes both.
 */
export async function createTestStorage(): Promise<TestStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-test-'));
  if (process.env.TEST_DATABASE !== 'postgres') {
    return { dataDir, databaseUrl: undefined, kind: 'sqlite', cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `qm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    kind: 'postgres',
    async cleanup() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated database on fresh storage for the enclosing suite: opened before its first test,
 * closed and removed after its last. Read `db` / `storage` inside tests (they exist from then on).
 */
export function suiteDatabase(): { readonly db: Db; readonly storage: TestStorage } {
  let storage: TestStorage | undefined;
  let db: Db | undefined;
  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
  });
  after(async () => {
    await db?.close();
    await storage?.cleanup();
  });
  return {
    get db() {
      if (!db) throw new Error('suiteDatabase: used outside a test');
      return db;
    },
    get storage() {
      if (!storage) throw new Error('suiteDatabase: used outside a test');
      return storage;
    },
  };
}
