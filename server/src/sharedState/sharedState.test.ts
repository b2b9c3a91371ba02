import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, beforeEach, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../testing/testRedis.js';
import { createSharedState, MemorySharedState, type SharedState } from './index.js';

interface Implementation {
  name: string;
  suite: { skip?: string };
  before(): void;
  open(prefix: string): Promise<SharedState>;
  cleanup(prefix: string): Promise<unknown>;
}

const implementations: Implementation[] = [
  { name: 'in-process', suite: {}, before() {}, open: (prefix) => createSharedState({ redisUrl: undefined, redisKeyPrefix: prefix }), cleanup: async () => {} },
  { name: 'Redis', suite: redisSuite, before: assertRedisReachable, open: (prefix) => createSharedState({ redisUrl: testRedisUrl, redisKeyPrefix: prefix }), cleanup: deleteTestKeys },
];

for (const impl of implementations) {
  describe(`shared state: ${impl.name}`, impl.suite, () => {
    const prefix = testKeyPrefix();
    const opened: SharedState[] = [];
    const open = async (keyPrefix = prefix) => {
      const state = await impl.open(keyPrefix);
      opened.push(state);
      return state;
    };
    beforeEach(() => impl.before());
    after(async () => {
      await Promise.all(opened.map((state) => state.close()));
      if (opened.length) await impl.cleanup(prefix);
    });

    it('sets a key only when it is absent', async () => {
      const state = await open();
      assert.equal(await state.setIfAbsent('nonce:a', 60), true);
      assert.equal(await state.setIfAbsent('nonce:a', 60), false);
      assert.equal(await state.setIfAbsent('nonce:b', 60), true);
    });

    it('forgets a key after its TTL', async () => {
      const state = await open();
      assert.equal(await state.setIfAbsent('short', 1), true);
      assert.equal(await state.setIfAbsent('short', 1), false);
      await sleep(1100);
      assert.equal(await state.setIfAbsent('short', 1), true);
    });

    it('gets, replaces and deletes values', async () => {
      const state = await open();
      assert.equal(await state.get('code:a'), null);
      await state.set('code:a', '{"hash":"x"}', 60);
      assert.equal(await state.get('code:a'), '{"hash":"x"}');
      await state.set('code:a', 'second', 60);
      assert.equal(await state.get('code:a'), 'second');
      await state.delete('code:a');
      assert.equal(await state.get('code:a'), null);
    });

    it('counts within a fixed window that the first increment starts', async () => {
      const state = await open();
      assert.equal(await state.increment('rate:x', 1), 1);
      assert.equal(await state.increment('rate:x', 60), 2, 'a later increment does not extend the window');
      assert.equal(await state.increment('rate:x', 60), 3);
      await sleep(1100);
      assert.equal(await state.increment('rate:x', 1), 1);
      assert.equal(await state.get('rate:x'), '1');
    });

    it('keeps runs with different prefixes apart', async () => {
      const mine = await open();
      const other = await open(`${prefix}other:`);
      assert.equal(await mine.setIfAbsent('shared-name', 60), true);
      assert.equal(await other.setIfAbsent('shared-name', 60), true);
    });

    it('refuses a TTL that is not a positive whole number of seconds', async () => {
      const state = await open();
      for (const ttl of [0, -5, 1.5, Number.NaN]) await assert.rejects(state.setIfAbsent('bad-ttl', ttl), RangeError);
    });
  });
}

describe('shared state: in-process sweeping', () => {
  it('drops expired entries, so memory stays bounded', async () => {
    let now = 1_000_000;
    const state = new MemorySharedState({ now: () => now });
    for (let i = 0; i < 1000; i++) await state.setIfAbsent(`nonce:${i}`, 10);
    await state.setIfAbsent('long', 60);
    assert.equal(state.size, 1001);
    now += 10_000;
    assert.equal(state.sweep(), 1000);
    assert.equal(state.size, 1);
    await state.close();
  });

  it('sweeps on its own timer', async () => {
    let now = 1_000_000;
    const state = new MemorySharedState({ now: () => now, sweepIntervalMs: 5 });
    await state.setIfAbsent('nonce:x', 1);
    now += 1000;
    await sleep(30);
    assert.equal(state.size, 0);
    await state.close();
  });
});

describe('shared state: Redis across instances', redisSuite, () => {
  const prefix = testKeyPrefix();
  const opened: SharedState[] = [];
  beforeEach(assertRedisReachable);
  after(async () => {
    await Promise.all(opened.map((state) => state.close()));
    if (opened.length) await deleteTestKeys(prefix);
  });

  it('shares keys between instances with the same prefix, under that prefix, with their TTL', async () => {
    const first = await createSharedState({ redisUrl: testRedisUrl, redisKeyPrefix: prefix });
    const second = await createSharedState({ redisUrl: testRedisUrl, redisKeyPrefix: prefix });
    opened.push(first, second);
    assert.equal(first.kind, 'redis');
    assert.equal(await first.setIfAbsent('nonce:shared', 120), true);
    assert.equal(await second.setIfAbsent('nonce:shared', 120), false);

    const raw = new Redis(testRedisUrl);
    try {
      const ttl = await raw.ttl(`${prefix}nonce:shared`);
      assert.ok(ttl > 0 && ttl <= 120, `TTL ${ttl}`);
    } finally {
      raw.disconnect();
    }
  });

  it('cleans up a run by its prefix', async () => {
    const cleanupPrefix = `${prefix}cleanup:`;
    const state = await createSharedState({ redisUrl: testRedisUrl, redisKeyPrefix: cleanupPrefix });
    opened.push(state);
    for (let i = 0; i < 3; i++) await state.setIfAbsent(`k${i}`, 60);
    assert.equal(await deleteTestKeys(cleanupPrefix), 3);
    assert.equal(await deleteTestKeys(cleanupPrefix), 0);
    assert.equal(await state.setIfAbsent('k0', 60), true);
  });

  it('stops at startup with a clear message, without the password, when Redis cannot be reached', async () => {
    await assert.rejects(createSharedState({ redisUrl: 'redis://:secret-pw@127.0.0.1:1', redisKeyPrefix: prefix }), (error: Error) => {
      assert.match(error.message, /cannot connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
      assert.doesNotMatch(error.message, /secret-pw/);
      return true;
    });
  });
});
