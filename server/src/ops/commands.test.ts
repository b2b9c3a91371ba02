import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { createTestStorage, type TestStorage } from '../testing/testDatabase.js';
import { OPS_GROUPS, OPS_USAGE, OpsModules } from './commands.js';

describe(`pnpm ops command table (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let modules: OpsModules;

  before(async () => {
    storage = await createTestStorage();
    const config = loadConfig({ DATA_DIR: storage.dataDir, ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}), REDIS_URL: '', LOG_LEVEL: 'silent' });
    db = await openDatabase(config);
    modules = new OpsModules(db, config);
  });
  after(async () => {
    await modules.close();
    await db.close();
    await storage.cleanup();
  });

  it('lists every group the modules run, each with the usage its module gives', async () => {
    const runByModules = new Set<string>();
    for (const [group, entry] of Object.entries(OPS_GROUPS)) {
      const commands = (await entry.module(modules)).opsCommands ?? {};
      assert.ok(commands[group], `${group}: its module has no such opsCommands entry`);
      assert.equal(commands[group].usage, entry.usage, `${group}: the table's usage is its module's`);
      for (const name of Object.keys(commands)) runByModules.add(name);
    }
    assert.deepEqual([...runByModules].sort(), Object.keys(OPS_GROUPS).sort(), 'a group a module offers is missing from the table');
    for (const entry of Object.values(OPS_GROUPS)) assert.ok(OPS_USAGE.includes(entry.usage));
  });
});
