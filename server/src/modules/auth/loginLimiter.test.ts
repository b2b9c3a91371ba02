import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import { AppError } from '../../http/envelope.js';
import { createSharedState, type SharedState } from '../../sharedState/index.js';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../../testing/testRedis.js';
import { LoginLimiter } from './loginLimiter.js';

const locked = (minutes: number) => (error: unknown) => error instanceof AppError && error.code === 1204 && error.message === `登录失败次数过多，请 ${minutes} 分钟后再试`;

const implementations = [
  { name: 'in-process', suite: {}, redisUrl: undefined, before() {} },
  { name: 'Redis', suite: redisSuite, redisUrl: testRedisUrl, before: assertRedisReachable },
];

for (const impl of implementations) {
  describe(`login limiter: ${impl.name}`, impl.suite, () => {
    const prefix = testKeyPrefix();
    let state: SharedState | undefined;
    const open = async () => (state ??= await createSharedState({ redisUrl: impl.redisUrl, redisKeyPrefix: prefix }));
    beforeEach(() => impl.before());
    after(async () => {
      await state?.close();
      if (impl.redisUrl && state) await deleteTestKeys(prefix);
    });

    it('locks an account for the window after its limit of failures, and says for how long', async () => {
      const limiter = new LoginLimiter(await open(), { perAccount: 3, perIp: 100, windowMinutes: 15 });
      for (let i = 0; i < 3; i++) {
        await limiter.assertAllowed('phone:13800000001', `10.0.0.${i}`);
        await limiter.recordFailure(`10.0.0.${i}`, 'phone:13800000001');
      }
      await assert.rejects(limiter.assertAllowed('phone:13800000001', '10.9.9.9'), locked(15));
      await limiter.assertAllowed('phone:13800000002', '10.9.9.9');
    });

    it('locks an IP after its limit, whichever accounts it tried', async () => {
      const limiter = new LoginLimiter(await open(), { perAccount: 100, perIp: 2, windowMinutes: 5 });
      await limiter.recordFailure('10.1.0.1', null);
      await limiter.recordFailure('10.1.0.1', 'email:a@example.com');
      await assert.rejects(limiter.assertAllowed('email:b@example.com', '10.1.0.1'), locked(5));
      await limiter.assertAllowed('email:b@example.com', '10.1.0.2');
    });

    it('starts an account over after a success', async () => {
      const limiter = new LoginLimiter(await open(), { perAccount: 2, perIp: 100, windowMinutes: 15 });
      await limiter.recordFailure('10.2.0.1', 'phone:13800000003');
      await limiter.clear('phone:13800000003');
      await limiter.recordFailure('10.2.0.1', 'phone:13800000003');
      await limiter.assertAllowed('phone:13800000003', '10.2.0.1');
    });
  });
}
