import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Db } from '../../db/database.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { InstanceLiveness } from './jobs/liveness.js';
import { ChatJobsRepository } from './jobs/repository.js';
import { INTERRUPTED_MESSAGE, JobRecovery } from './recovery.js';

describe(`chat job recovery of dead instances (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let clock = Date.parse('2025-03-01T08:00:00Z');
  const now = () => new Date(clock);
  const refunded: string[] = [];
  const failed: Array<{ ids: string[]; error: string }> = [];
  const livenessOf = (instanceId: string) => new InstanceLiveness({ repo: new ChatJobsRepository(db.db), instanceId, deadAfterMs: 60_000, cacheMs: 0, now });
  const recoveryOf = (instanceId: string) =>
    new JobRecovery({
      repo: new ChatJobsRepository(db.db),
      liveness: livenessOf(instanceId),
      heartbeatMs: 10_000,
      now,
      refund: async (id) => refunded.push(id),
      failGenerating: async (ids, error) => failed.push({ ids, error }),
      log: { info: () => undefined, warn: () => undefined },
    });

  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
  });
  after(async () => {
    await db.close();
    await storage.cleanup();
  });

  it("recovers only a dead instance's jobs: hold refunded, answer failed, rows gone; a live one's stay", async () => {
    const survivor = recoveryOf('survivor');
    const victim = recoveryOf('victim');
    const live = recoveryOf('live');
    await survivor.start();
    await victim.start();
    await live.start();
    for (const r of [survivor, victim, live]) r.stop();
    await victim.register('job-of-victim', 'u1');
    await live.register('job-of-live', 'u2');

    clock += 30_000;
    assert.equal(await survivor.sweep(), 0, 'nobody is dead yet');
    await livenessOf('survivor').beat();
    await livenessOf('live').beat();
    clock += 40_000; // victim silent 70 s, the others 40 s
    assert.equal(await survivor.sweep(), 1);
    assert.deepEqual(refunded, ['job-of-victim']);
    assert.deepEqual(failed, [{ ids: ['job-of-victim'], error: INTERRUPTED_MESSAGE }]);
    const rows = await db.db.selectFrom('chat_jobs').select(['id', 'instance_id']).execute();
    assert.deepEqual(rows, [{ id: 'job-of-live', instance_id: 'live' }]);
    assert.deepEqual((await db.db.selectFrom('chat_instances').select('id').orderBy('id').execute()).map((r) => r.id), ['live', 'survivor'], 'the dead instance is forgotten');
    assert.equal(await survivor.sweep(), 0, 'recovered once');
  });
});
