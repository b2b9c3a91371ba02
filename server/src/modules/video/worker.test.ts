import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import type { VideoTask } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { createTestStorage } from '../../testing/testDatabase.js';
import { MemoryBlobStore } from '../../storage/memoryBlobStore.js';
import { VIDEO_CODES } from './codes.js';
import { DEAD_AFTER_MS, holdIdOf } from './index.js';
import { FakeVideoProvider, providersOf } from './testing.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const ENV = { ...ACCOUNT_TEST_ENV, VIDEO_URL_SECRET: 'test-video-url-secret-0123456789abcdef' };
type User = { id: string; token: string };

async function spendable(t: TestApp, userId: string): Promise<number> {
  const balance = await t.app.points.balance(userId);
  return balance.restIntegral + balance.restIntegral2;
}
const fund = (t: TestApp, user: User) => t.app.points.credit(user.id, 'permanent', 50_000, { kind: 'adjust', reference: 'test', key: `video-worker-${user.id}` });
const submit = (t: TestApp, user: User, prompt: string) =>
  envelope<VideoTask>(t.app.server, 'POST', 'video/createTask', { token: user.token, payload: { model: 'luma-vip-video', kind: 'text2video', prompt, duration: 5, aspect: '16:9' } });

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}
const rowOf = (t: TestApp, id: string) => t.app.video.repo.task(id).then((task) => task!);

describe(`video task worker (${DB})`, () => {
  it('refunds every failure: a provider refusal, an unplayable file, a time limit', async () => {
    const provider = new FakeVideoProvider();
    const store = new MemoryBlobStore();
    const t = await createTestApp({ ...ENV, VIDEO_WORKERS: '1', VIDEO_TASK_TIMEOUT_SECONDS: '5' }, { images: { blobStore: store }, video: { providers: providersOf(provider) } });
    try {
      const user = await registeredUser(t.app.server);
      await fund(t, user);
      const before = await spendable(t, user.id);
      for (const [mode, message] of [
        ['fail', '视频服务拒绝了这个请求，积分已退回，请调整后再试'],
        ['garbage', '视频服务返回的文件无法播放，积分已退回'],
        ['hang', '生成超时，积分已退回'],
      ] as const) {
        provider.mode = mode;
        const queued = await submit(t, user, `失败 ${mode}`);
        assert.equal(queued.code, 0, queued.msg);
        assert.equal(queued.data.points, 10_000);
        const failed = await until(mode, () => rowOf(t, queued.data.id), (task) => task.status === 'failed');
        assert.deepEqual([failed.error, Number(failed.points)], [message, 0]);
        assert.equal(await spendable(t, user.id), before);
        const view = (await envelope<VideoTask>(t.app.server, 'POST', 'video/queryTaskStatus', { token: user.token, payload: { taskId: queued.data.id } })).data;
        assert.deepEqual([view.statusText, view.error, view.result], ['失败', message, null]);
      }
      assert.equal(store.size, 0);
      await assertLedgerMatches(t.app.db.db, user.id);
      provider.mode = 'ok';
      const done = await until('success', async () => rowOf(t, (await submit(t, user, '成功')).data.id), () => true);
      const ok = await until('success', () => rowOf(t, done.id), (task) => task.status === 'succeeded');
      assert.deepEqual([ok.width, ok.height, ok.result_ms, JSON.parse(ok.provider_state!)], [128, 72, 5000, { upstreamId: 'fake' }]);
      assert.equal(await spendable(t, user.id), before - 10_000);
    } finally {
      await t.close();
    }
  });

  it('limits active tasks, keeps queued ones across a restart, and fails and refunds what a crash left running', async () => {
    const storage = await createTestStorage();
    const provider = new FakeVideoProvider();
    const options = { storage, images: { blobStore: new MemoryBlobStore() }, video: { providers: providersOf(provider) } };
    // The first life takes requests but runs nothing (VIDEO_WORKERS=0).
    const first = await createTestApp({ ...ENV, VIDEO_WORKERS: '0', INSTANCE_ID: 'vid-a' }, options);
    const user = await registeredUser(first.app.server);
    await fund(first, user);
    const before = await spendable(first, user.id);
    const kept = (await submit(first, user, '一')).data.id;
    const crashed = (await submit(first, user, '二')).data.id;
    const third = await submit(first, user, '三');
    assert.deepEqual([third.code, third.msg], [VIDEO_CODES.tooManyActive, '进行中的任务过多，请等待当前任务完成']);
    assert.equal(await spendable(first, user.id), before - 20_000);
    // A crash mid-task: the second was running on this instance when it died.
    const at = new Date().toISOString();
    await first.app.db.db.updateTable('video_tasks').set({ status: 'running', claimed_by: 'vid-a', heartbeat_at: at, started_at: at }).where('id', '=', crashed).execute();
    await first.app.close();

    const second = await createTestApp({ ...ENV, VIDEO_WORKERS: '1', INSTANCE_ID: 'vid-a' }, options);
    try {
      const row = await rowOf(second, crashed);
      assert.deepEqual([row.status, row.error, Number(row.points)], ['failed', '服务重启，任务已中断，积分已退回', 0]);
      await until('the kept task', () => rowOf(second, kept), (task) => task.status === 'succeeded');
      assert.equal(await spendable(second, user.id), before - 10_000);
      await assertLedgerMatches(second.app.db.db, user.id);
    } finally {
      await second.close();
      await storage.cleanup();
    }
  });

  it('fails and refunds a task whose instance went silent, and leaves a live one alone', async () => {
    const provider = new FakeVideoProvider();
    provider.mode = 'hang';
    const t = await createTestApp({ ...ENV, VIDEO_WORKERS: '1' }, { images: { blobStore: new MemoryBlobStore() }, video: { providers: providersOf(provider) } });
    try {
      const user = await registeredUser(t.app.server);
      await fund(t, user);
      const before = await spendable(t, user.id);
      const live = (await submit(t, user, '一直在生成')).data.id;
      await until('the claim', () => rowOf(t, live), (task) => task.status === 'running');
      const orphan = (await submit(t, user, '孤儿任务')).data.id;
      const silentSince = new Date(Date.now() - DEAD_AFTER_MS - 5_000).toISOString();
      await t.app.db.db.updateTable('video_tasks').set({ status: 'running', claimed_by: 'dead-instance', heartbeat_at: silentSince, started_at: silentSince }).where('id', '=', orphan).execute();
      assert.equal(await t.app.video.worker.recover(), 1);
      assert.deepEqual(await rowOf(t, orphan).then((task) => [task.status, task.error]), ['failed', '服务重启，任务已中断，积分已退回']);
      assert.equal((await t.app.points.holds.refund(holdIdOf(orphan))).status, 'refunded');
      assert.equal((await rowOf(t, live)).status, 'running');
      assert.equal(await spendable(t, user.id), before - 10_000);
    } finally {
      await t.close();
    }
  });
});
