import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { suiteDatabase } from '../../../testing/testDatabase.js';
import { InstanceLiveness } from './liveness.js';
import { ChatJobsRepository } from './repository.js';

describe(`chat instance liveness (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const t = suiteDatabase();
  let clock = Date.parse('2025-03-01T08:00:00Z');
  const now = () => new Date(clock);
  const livenessOf = (instanceId: string, repo: ChatJobsRepository) => new InstanceLiveness({ repo, instanceId, deadAfterMs: 60_000, cacheMs: 2_000, now });


  it('an instance lives while its heartbeat row is younger than the dead-after time; itself always', async () => {
    const repo = new ChatJobsRepository(t.db.db);
    const self = livenessOf('self', repo);
    const other = livenessOf('other', repo);
    assert.equal(await self.isAlive('self'), true, 'no row needed for itself');
    assert.equal(await self.isAlive('never-beat'), false);
    await other.beat();
    assert.equal(await self.isAlive('other'), true);
    assert.deepEqual(await self.dead(), []);

    clock += 59_000;
    assert.equal(await livenessOf('fresh-reader', repo).isAlive('other'), true, 'within 60 s');
    clock += 2_000;
    assert.equal(await livenessOf('fresh-reader', repo).isAlive('other'), false, 'silent for 61 s');
    assert.deepEqual(await self.dead(), ['other']);
    assert.deepEqual(await other.dead(), [], 'never dead to itself');

    await other.beat();
    assert.equal(await livenessOf('fresh-reader', repo).isAlive('other'), true, 'beating again');
  });

  it('answers about another instance are reused for the cache time only', async () => {
    const repo = new ChatJobsRepository(t.db.db);
    const reader = livenessOf('reader', repo);
    await livenessOf('cached', repo).beat();
    assert.equal(await reader.isAlive('cached'), true);
    await t.db.db.updateTable('chat_instances').set({ heartbeat_at: new Date(clock - 61_000).toISOString() }).where('id', '=', 'cached').execute();
    clock += 1_000;
    assert.equal(await reader.isAlive('cached'), true, 'the cached answer, for up to 2 s');
    clock += 1_001;
    assert.equal(await reader.isAlive('cached'), false);
  });
});
