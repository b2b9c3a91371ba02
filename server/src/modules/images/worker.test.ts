import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import type { ImageTask } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { createTestStorage } from '../../testing/testDatabase.js';
import { silentLog } from '../../log.js';
import { MemoryBlobStore } from '../../storage/memoryBlobStore.js';
import { IMAGE_CODES } from './codes.js';
import { DEAD_AFTER_MS, holdIdOf, ImageWorker } from './index.js';
import { FakeImageProvider, providersOf } from './testing.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const ENV = { ...ACCOUNT_TEST_ENV, IMAGE_URL_SECRET: 'test-image-url-secret-0123456789abcdef' };
const SD = 'stable-diffusion';
type User = { id: string; token: string };

async function spendable(t: TestApp, userId: string): Promise<number> {
  const balance = await t.app.points.balance(userId);
  return balance.restIntegral + balance.restIntegral2;
}

const submit = (t: TestApp, user: User, prompt: string) => envelope<ImageTask>(t.app.server, 'POST', 'sd/txt2img', { token: user.token, payload: { model: SD, prompt } });

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const statusOf = (t: TestApp, id: string) => t.app.images.repo.task(id).then((task) => task!.status);

describe(`image task worker (${DB})`, () => {
  it('keeps queued tasks across a restart, limits active tasks, and fails and refunds what a crash left running', async () => {
    const storage = await createTestStorage();
    const store = new MemoryBlobStore();
    const provider = new FakeImageProvider();
    const images = { providers: providersOf(provider), blobStore: store };
    // The first life takes requests but runs nothing (IMAGE_WORKERS=0).
    const first = await createTestApp({ ...ENV, IMAGE_WORKERS: '0', INSTANCE_ID: 'img-a' }, { storage, images });
    const user = await registeredUser(first.app.server);
    const before = await spendable(first, user.id);
    const ids: string[] = [];
    for (const prompt of ['一', '二', '三', '四']) ids.push((await submit(first, user, prompt)).data.id);
    const fifth = await submit(first, user, '五');
    assert.deepEqual([fifth.code, fifth.msg], [IMAGE_CODES.tooManyActive, '进行中的任务过多，请等待当前任务完成']);
    assert.equal(await spendable(first, user.id), before - 4 * 30);
    // A crash mid-task: the last one was running on this instance when it died.
    const crashed = ids[3]!;
    await first.app.db.db.updateTable('image_tasks').set({ status: 'running', claimed_by: 'img-a', heartbeat_at: new Date().toISOString(), started_at: new Date().toISOString() }).where('id', '=', crashed).execute();
    await first.app.close();

    const second = await createTestApp({ ...ENV, IMAGE_WORKERS: '2', INSTANCE_ID: 'img-a' }, { storage, images });
    try {
      const crashedRow = await second.app.images.repo.task(crashed);
      assert.deepEqual([crashedRow!.status, crashedRow!.error, Number(crashedRow!.points)], ['failed', '服务重启，任务已中断，积分已退回', 0]);
      for (const id of ids.slice(0, 3)) await until('the queued task', () => statusOf(second, id), (status) => status === 'succeeded');
      assert.equal(await spendable(second, user.id), before - 3 * 30);
      await assertLedgerMatches(second.app.db.db, user.id);
      assert.equal(store.size, 3 * 2);
    } finally {
      await second.close();
      await storage.cleanup();
    }
  });

  it('fails and refunds a task whose instance went silent, and times out a provider that never answers', async () => {
    const provider = new FakeImageProvider();
    const t = await createTestApp({ ...ENV, IMAGE_WORKERS: '1', IMAGE_TASK_TIMEOUT_SECONDS: '5' }, { images: { providers: providersOf(provider), blobStore: new MemoryBlobStore() } });
    try {
      const user = await registeredUser(t.app.server);
      const before = await spendable(t, user.id);
      // A task another instance claimed and then stopped beating for.
      provider.mode = 'hang';
      const hanging = (await submit(t, user, '永远画不完')).data.id;
      await until('the claim', () => statusOf(t, hanging), (status) => status === 'running');
      const orphan = (await submit(t, user, '孤儿任务')).data.id;
      const silentSince = new Date(Date.now() - DEAD_AFTER_MS - 5_000).toISOString();
      await t.app.db.db.updateTable('image_tasks').set({ status: 'running', claimed_by: 'dead-instance', heartbeat_at: silentSince, started_at: silentSince }).where('id', '=', orphan).execute();
      assert.equal(await t.app.images.worker.recover(), 1);
      const recovered = await t.app.images.repo.task(orphan);
      assert.deepEqual([recovered!.status, recovered!.error], ['failed', '服务重启，任务已中断，积分已退回']);
      assert.equal((await t.app.points.holds.refund(holdIdOf(orphan, 1))).status, 'refunded');
      // Still beating: left alone.
      assert.equal(await statusOf(t, hanging), 'running');

      const timedOut = await until('the timeout', () => t.app.images.repo.task(hanging), (task) => task!.status === 'failed');
      assert.equal(timedOut!.error, '生成超时，积分已退回');
      assert.equal(await spendable(t, user.id), before);
      await assertLedgerMatches(t.app.db.db, user.id);
    } finally {
      await t.close();
    }
  });

  it('never runs one task on two instances', async () => {
    const provider = new FakeImageProvider();
    provider.delayMs = 30;
    const store = new MemoryBlobStore();
    const t = await createTestApp({ ...ENV, IMAGE_WORKERS: '2', INSTANCE_ID: 'img-one' }, { images: { providers: providersOf(provider), blobStore: store } });
    const other = new ImageWorker({
      repo: t.app.images.repo,
      store,
      providers: providersOf(provider),
      points: t.app.points,
      instanceId: 'img-two',
      concurrency: 2,
      timeoutMs: 10_000,
      heartbeatMs: 1_000,
      deadAfterMs: DEAD_AFTER_MS,
      queueTimeoutMs: 600_000,
      pollMs: 10,
      now: () => new Date(),
      log: silentLog,
    });
    try {
      await other.start();
      const users = await Promise.all([registeredUser(t.app.server), registeredUser(t.app.server), registeredUser(t.app.server)]);
      const ids: string[] = [];
      for (const [u, user] of users.entries()) for (let n = 0; n < 4; n++) ids.push((await submit(t, user, `任务 ${u}-${n}`)).data.id);
      for (const id of ids) await until('every task', () => statusOf(t, id), (status) => status === 'succeeded');
      const prompts = provider.jobs.map((job) => job.prompt).sort();
      assert.equal(prompts.length, 12, `each task ran once: ${prompts.join(', ')}`);
      assert.equal(new Set(prompts).size, 12);
      const byInstance = await t.app.db.db.selectFrom('image_tasks').select(['claimed_by']).where('id', 'in', ids).execute();
      assert.ok(byInstance.every((row) => row.claimed_by === 'img-one' || row.claimed_by === 'img-two'));
      for (const user of users) await assertLedgerMatches(t.app.db.db, user.id);
    } finally {
      await other.close();
      await t.close();
    }
  });
});
