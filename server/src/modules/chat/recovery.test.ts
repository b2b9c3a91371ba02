import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { suiteDatabase } from '../../testing/testDatabase.js';
import type { FinishedAnswer } from './generation.js';
import { chunkBodies, storedChunkOf } from './jobs/chunks.js';
import { InstanceLiveness } from './jobs/liveness.js';
import { MemoryJobStore } from './jobs/memoryJobStore.js';
import { ChatJobsRepository } from './jobs/repository.js';
import { INTERRUPTED_MESSAGE, JobRecovery } from './recovery.js';
import { silentLog } from '../../log.js';

describe(`chat job recovery of dead instances (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const t = suiteDatabase();
  let clock = Date.parse('2025-03-01T08:00:00Z');
  const now = () => new Date(clock);
  const refunded: string[] = [];
  const failed: Array<{ ids: string[]; error: string }> = [];
  const finished = new Map<string, FinishedAnswer>();
  /** Stands in for the shared log that outlives a dead instance. */
  const store = new MemoryJobStore({ retainAfterFinishMs: 60_000, retainAfterStartMs: 60_000 });
  const livenessOf = (instanceId: string) => new InstanceLiveness({ repo: new ChatJobsRepository(t.db.db), instanceId, deadAfterMs: 60_000, cacheMs: 0, now });
  const recoveryOf = (instanceId: string) =>
    new JobRecovery({
      repo: new ChatJobsRepository(t.db.db),
      liveness: livenessOf(instanceId),
      store,
      heartbeatMs: 10_000,
      now,
      refund: async (id) => refunded.push(id),
      finishAnswer: async (id, answer) => !!finished.set(id, answer),
      failGenerating: async (ids, error) => failed.push({ ids, error }),
      log: silentLog,
    });


  it("recovers only a dead instance's jobs: hold refunded, answer failed, rows gone; a live one's stay", async () => {
    const survivor = recoveryOf('survivor');
    const victim = recoveryOf('victim');
    const live = recoveryOf('live');
    await survivor.start();
    await victim.start();
    await live.start();
    await Promise.all([survivor, victim, live].map((r) => r.stop()));
    await victim.register('job-of-victim', 'u1');
    await victim.register('job-without-log', 'u1');
    await store.open('job-of-victim', { userId: 'u1', convGroupId: 'g1', instanceId: 'victim', status: 'running', startedAt: now().toISOString() });
    const shown = [chunkBodies.ping('…', { convId: 'job-of-victim', convGroupId: 'g1' }), chunkBodies.reasoning('想一想'), chunkBodies.content('已经'), chunkBodies.content('看到的')];
    shown.forEach((body, i) => store.append('job-of-victim', storedChunkOf(i + 1, body)));
    await live.register('job-of-live', 'u2');

    clock += 30_000;
    assert.equal(await survivor.sweep(), 0, 'nobody is dead yet');
    await livenessOf('survivor').beat();
    await livenessOf('live').beat();
    clock += 40_000; // victim silent 70 s, the others 40 s
    assert.equal(await survivor.sweep(), 2);
    assert.deepEqual(refunded.sort(), ['job-of-victim', 'job-without-log']);
    const kept = finished.get('job-of-victim')!;
    assert.deepEqual([kept.status, kept.content, kept.reasoning, kept.error], ['failed', '已经看到的', '想一想', INTERRUPTED_MESSAGE], 'the partial answer from the log');
    assert.equal(finished.has('job-without-log'), false);
    assert.deepEqual(failed.map((f) => [f.ids.sort(), f.error]), [[['job-of-victim', 'job-without-log'], INTERRUPTED_MESSAGE]], 'the rest fail without text (a finished one is left as is)');
    const log = await store.meta('job-of-victim');
    assert.equal(log!.status, 'failed', 'the log is ended');
    const ending = [];
    for await (const entry of store.read('job-of-victim', 4, new AbortController().signal)) ending.push(JSON.parse(entry.frame));
    assert.deepEqual(ending.map((c) => [c.seq, c.code, c.error, c.convId, c.convGroupId]), [[5, 1908, INTERRUPTED_MESSAGE, 'job-of-victim', 'g1']]);
    const rows = await t.db.db.selectFrom('chat_jobs').select(['id', 'instance_id']).execute();
    assert.deepEqual(rows, [{ id: 'job-of-live', instance_id: 'live' }]);
    assert.deepEqual((await t.db.db.selectFrom('chat_instances').select('id').orderBy('id').execute()).map((r) => r.id), ['live', 'survivor'], 'the dead instance is forgotten');
    assert.equal(await survivor.sweep(), 0, 'recovered once');
  });
});
