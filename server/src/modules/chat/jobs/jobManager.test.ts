import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../../../testing/testRedis.js';
import { chunkBodies, storedChunkOf, type LogEntry } from './chunks.js';
import { INTERRUPTED_MESSAGE } from './interruption.js';
import { JobManager, SHUTDOWN_REASON, STOP_REASON, type JobHandle, type JobManagerOptions } from './jobManager.js';
import { LocalLog } from './localLog.js';
import { MemoryJobStore } from './memoryJobStore.js';
import { RedisJobStore } from './redisJobStore.js';

const quiet = { warn: () => undefined, error: () => undefined };
const retention = { retainAfterFinishMs: 60_000, retainAfterStartMs: 60_000 };
/** Instances the tests declare dead; every other one is alive. */
const deadInstances = new Set<string>();
const liveness = { isAlive: async (instanceId: string) => !deadInstances.has(instanceId) };
const options = (instanceId: string, extra: Partial<JobManagerOptions> = {}): JobManagerOptions => ({
  instanceId,
  store: new MemoryJobStore(retention),
  liveness,
  maxRunning: 100,
  log: quiet,
  ...extra,
});

/** A job that emits what the test tells it to, and ends when told (or when stopped). */
function scriptedJob() {
  let release!: (status: 'done' | 'failed') => void;
  const ended = new Promise<'done' | 'failed'>((resolve) => (release = resolve));
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let handle!: JobHandle;
  const run = async (job: JobHandle) => {
    handle = job;
    markStarted();
    const aborted = new Promise<'stopped'>((resolve) => job.signal.addEventListener('abort', () => resolve('stopped')));
    return Promise.race([ended, aborted]);
  };
  return {
    run,
    started,
    emit: (text: string) => handle.emit(chunkBodies.content(text)),
    end: (status: 'done' | 'failed' = 'done') => release(status),
    get handle() {
      return handle;
    },
  };
}

async function collect(entries: AsyncIterable<LogEntry> | null): Promise<LogEntry[]> {
  assert.ok(entries, 'expected an attachable job');
  const all: LogEntry[] = [];
  for await (const entry of entries) all.push(entry);
  return all;
}

const texts = (entries: LogEntry[]) => entries.map((e) => JSON.parse(e.frame).choices[0].delta.content as string);

describe('LocalLog', () => {
  it('replays from any point, then follows live appends until the end', async () => {
    const log = new LocalLog();
    log.append({ seq: 1, frame: 'a' });
    const reading = (async () => {
      const seen: number[] = [];
      for await (const entry of log.read(0)) seen.push(entry.seq);
      return seen;
    })();
    log.append({ seq: 2, frame: 'b' });
    await new Promise((r) => setImmediate(r));
    log.append({ seq: 3, frame: 'c' });
    log.finish('done');
    assert.deepEqual(await reading, [1, 2, 3]);
    const late: number[] = [];
    for await (const entry of log.read(2)) late.push(entry.seq);
    assert.deepEqual(late, [3]);
  });

  it('refuses out-of-order sequence numbers and appends after the end', () => {
    const log = new LocalLog();
    assert.throws(() => log.append({ seq: 2, frame: 'x' }), /seq 2 after 0/);
    log.append({ seq: 1, frame: 'x' });
    log.finish('stopped');
    assert.throws(() => log.append({ seq: 2, frame: 'y' }), /finished/);
    assert.equal(log.jobStatus, 'stopped');
  });

  it('a reader whose signal aborts stops waiting', async () => {
    const log = new LocalLog();
    const controller = new AbortController();
    const reading = collect(log.read(0, controller.signal));
    controller.abort();
    assert.deepEqual(await reading, []);
  });
});

describe('JobManager in one process', () => {
  it('a job goes on without readers; a reader attaching later gets every chunk once, in order', async () => {
    const jobs = new JobManager(options('a'));
    const job = scriptedJob();
    const { done } = await jobs.start('job-1', { userId: 'u1', convGroupId: 'g1' }, job.run);
    await job.started;
    job.emit('一');
    const early = new AbortController();
    const firstReader = await jobs.attach('job-1', 'u1', 0, early.signal);
    const firstSeen: LogEntry[] = [];
    const firstReading = (async () => {
      for await (const entry of firstReader!) {
        firstSeen.push(entry);
        if (firstSeen.length === 2) early.abort(); // the client disconnects
      }
    })();
    job.emit('二');
    await firstReading;
    job.emit('三');
    assert.equal(await jobs.isRunning('job-1', 'u1'), true);
    const resumeFrom = firstSeen.at(-1)!.seq;
    const resumed = jobs.attach('job-1', 'u1', resumeFrom, new AbortController().signal).then(collect);
    job.emit('四');
    job.end();
    await done;
    assert.deepEqual(texts(firstSeen), ['一', '二']);
    assert.deepEqual(texts(await resumed), ['三', '四']);
    assert.deepEqual((await resumed).map((e) => e.seq), [3, 4]);
    assert.equal(await jobs.isRunning('job-1', 'u1'), false);
    // Still readable after the end (for a while): the whole log.
    assert.deepEqual(texts(await collect(await jobs.attach('job-1', 'u1', 0, new AbortController().signal))), ['一', '二', '三', '四']);
    await jobs.close();
  });

  it('only the owner may check, attach or stop', async () => {
    const jobs = new JobManager(options('a'));
    const job = scriptedJob();
    await jobs.start('job-2', { userId: 'owner', convGroupId: 'g' }, job.run);
    await job.started;
    assert.equal(await jobs.isRunning('job-2', 'intruder'), false);
    assert.equal(await jobs.attach('job-2', 'intruder', 0, new AbortController().signal), null);
    assert.equal(await jobs.stop('job-2', 'intruder'), false);
    assert.equal(await jobs.isRunning('job-2', 'owner'), true);
    assert.equal(await jobs.isRunning('no-such-job', 'owner'), false);
    job.end();
    await jobs.close();
  });

  it('stop aborts the job with the stop reason and waits for it to end; a second stop says false', async () => {
    const jobs = new JobManager(options('a'));
    const job = scriptedJob();
    await jobs.start('job-3', { userId: 'u', convGroupId: 'g' }, job.run);
    await job.started;
    assert.equal(await jobs.stop('job-3', 'u'), true);
    assert.equal(job.handle.signal.reason, STOP_REASON);
    assert.equal(await jobs.isRunning('job-3', 'u'), false);
    assert.equal(await jobs.stop('job-3', 'u'), false);
    await jobs.close();
  });

  it('close ends running jobs with the shutdown reason', async () => {
    const jobs = new JobManager(options('a'));
    const job = scriptedJob();
    await jobs.start('job-4', { userId: 'u', convGroupId: 'g' }, job.run);
    await job.started;
    await jobs.close();
    assert.equal(job.handle.signal.reason, SHUTDOWN_REASON);
  });

  it('a job that throws ends as failed instead of hanging its readers', async () => {
    const jobs = new JobManager(options('a'));
    const { done } = await jobs.start('job-5', { userId: 'u', convGroupId: 'g' }, async (job) => {
      job.emit(chunkBodies.content('x'));
      throw new Error('boom');
    });
    await done;
    assert.deepEqual(texts(await collect(await jobs.attach('job-5', 'u', 0, new AbortController().signal))), ['x']);
    await jobs.close();
  });
});

describe('JobManager running-job cap', () => {
  it('reserve answers null at the cap; a slot comes back when its job ends or is released unused', async () => {
    const jobs = new JobManager(options('a', { maxRunning: 2 }));
    const job = scriptedJob();
    const { done } = await jobs.start('cap-1', { userId: 'u', convGroupId: 'g' }, job.run, jobs.reserve()!);
    await job.started;
    assert.equal(jobs.runningCount, 1);
    const spare = jobs.reserve();
    assert.ok(spare, 'the second slot');
    assert.equal(jobs.reserve(), null, 'full: one running job and one reserved slot');
    await assert.rejects(jobs.start('cap-2', { userId: 'u', convGroupId: 'g' }, scriptedJob().run), /more than 2 running jobs/);
    spare.release();
    spare.release();
    const again = jobs.reserve();
    assert.ok(again, 'a released slot is free again, once');
    assert.equal(jobs.reserve(), null);
    again.release();
    job.end();
    await done;
    assert.equal(jobs.runningCount, 0);
    const slots = [jobs.reserve(), jobs.reserve()];
    assert.ok(slots.every(Boolean), "the ended job's slot is free");
    await jobs.close();
  });

  it('a job whose store cannot open gives its slot back', async () => {
    const store = new MemoryJobStore(retention);
    store.open = async () => {
      throw new Error('store unreachable');
    };
    const jobs = new JobManager(options('a', { maxRunning: 1, store }));
    await assert.rejects(jobs.start('cap-3', { userId: 'u', convGroupId: 'g' }, scriptedJob().run), /unreachable/);
    assert.ok(jobs.reserve());
  });
});

describe('JobManager across instances (Redis Streams)', redisSuite, () => {
  const prefix = testKeyPrefix();
  const stores: RedisJobStore[] = [];
  const connect = async (extra: { blockMs?: number } = {}) => {
    const store = await RedisJobStore.connect({ ...retention, url: testRedisUrl, keyPrefix: prefix, runningTtlSeconds: 1200, finishedTtlSeconds: 300, refreshMs: 1000, liveness, onError: () => undefined, ...extra });
    stores.push(store);
    return store;
  };
  let first: JobManager;
  let second: JobManager;
  before(async () => {
    if (redisSuite.skip) return;
    first = new JobManager(options('instance-a', { store: await connect() }));
    second = new JobManager(options('instance-b', { store: await connect() }));
  });
  beforeEach(() => assertRedisReachable());
  after(async () => {
    await first?.close();
    await second?.close();
    for (const store of stores) await store.close();
    await deleteTestKeys(prefix);
  });

  it('a client resumes through another instance: the rest of the chunks, once each, in order, then the end', async () => {
    const job = scriptedJob();
    const { done } = await first.start('shared-1', { userId: 'u', convGroupId: 'g' }, job.run);
    await job.started;
    for (const text of ['a', 'b', 'c']) job.emit(text);
    // The client saw up to seq 2 on instance A, then reconnects to instance B.
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(await second.isRunning('shared-1', 'u'), true);
    assert.equal(await second.isRunning('shared-1', 'someone-else'), false);
    const resumed = second.attach('shared-1', 'u', 2, new AbortController().signal).then(collect);
    for (const text of ['d', 'e']) job.emit(text);
    job.end();
    await done;
    const entries = await resumed;
    assert.deepEqual(texts(entries), ['c', 'd', 'e']);
    assert.deepEqual(entries.map((e) => e.seq), [3, 4, 5]);
    assert.equal(await second.isRunning('shared-1', 'u'), false);
  });

  it('a reader on another instance wakes when the job ends, not when its block runs out; a later resume ends at once', { timeout: 10_000 }, async () => {
    // Blocks of a minute: a reader that only noticed the end after its block (or only by the job's
    // status) would meet the test's time limit instead.
    const patient = new JobManager(options('instance-c', { store: await connect({ blockMs: 60_000 }) }));
    const job = scriptedJob();
    const { done } = await first.start('shared-end', { userId: 'u', convGroupId: 'g' }, job.run);
    await job.started;
    job.emit('甲');
    const reading = patient.attach('shared-end', 'u', 0, new AbortController().signal).then(collect);
    job.emit('乙');
    job.end();
    await done;
    assert.deepEqual(texts(await reading), ['甲', '乙']);
    const afterLast = await patient.attach('shared-end', 'u', 2, new AbortController().signal).then(collect);
    assert.deepEqual(afterLast, [], 'nothing after the last chunk, and the end');
    await patient.close();
  });

  it('stop through another instance stops the job where it runs', async () => {
    const job = scriptedJob();
    const { done } = await first.start('shared-2', { userId: 'u', convGroupId: 'g' }, job.run);
    await job.started;
    assert.equal(await second.stop('shared-2', 'intruder'), false);
    assert.equal(await second.stop('shared-2', 'u'), true);
    await done;
    assert.equal(job.handle.signal.reason, STOP_REASON);
  });

  it('a job whose instance is dead (per the liveness source) is not reported as running', async () => {
    const store = await connect();
    await store.open('orphan', { userId: 'u', convGroupId: 'g', instanceId: 'gone-instance', status: 'running', startedAt: new Date().toISOString() });
    assert.equal(await second.isRunning('orphan', 'u'), true);
    deadInstances.add('gone-instance');
    assert.equal(await second.isRunning('orphan', 'u'), false);
    assert.equal(await second.stop('orphan', 'u'), false);
  });

  it("a reader on another instance gives up with the failed-answer chunk when the owner dies mid-job", async () => {
    const owner = new JobManager(options('dying-instance', { store: await connect() }));
    const job = scriptedJob();
    await owner.start('dying-1', { userId: 'u', convGroupId: 'g-dying' }, job.run);
    await job.started;
    job.emit('半');
    const reading = second.attach('dying-1', 'u', 0, new AbortController().signal).then(collect);
    await new Promise((r) => setTimeout(r, 700)); // the reader is waiting on an idle block
    deadInstances.add('dying-instance');
    const entries = await reading;
    const last = JSON.parse(entries.at(-1)!.frame);
    assert.deepEqual(entries.map((e) => e.seq), [1, 2]);
    assert.deepEqual([last.code, last.error, last.convId, last.convGroupId], [1908, INTERRUPTED_MESSAGE, 'dying-1', 'g-dying']);
    job.end();
  });

  it('endOrphan ends a dead job in the shared log once: the failed chunk after what it held, status failed', async () => {
    const store = await connect();
    await store.open('orphan-2', { userId: 'u', convGroupId: 'g', instanceId: 'gone-2', status: 'running', startedAt: new Date().toISOString() });
    store.append('orphan-2', storedChunkOf(1, chunkBodies.content('甲')));
    const other = await connect(); // another instance: the job is not in its memory
    const held = await other.endOrphan('orphan-2', (meta) => chunkBodies.error(1908, `ended ${meta.convGroupId}`));
    assert.deepEqual(texts(held!), ['甲']);
    assert.equal((await other.meta('orphan-2'))!.status, 'failed');
    const again = await other.endOrphan('orphan-2', () => chunkBodies.error(1908, 'twice'));
    assert.equal(again!.length, 2, 'nothing appended the second time');
    assert.equal(JSON.parse(again![1]!.frame).error, 'ended g');
    assert.equal(await other.endOrphan('no-such-job', () => chunkBodies.error(1908, 'x')), null);
  });
});
