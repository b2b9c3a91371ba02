import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../testing/testRedis.js';
import { installHealth } from './health.js';

describe(`GET /health (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('checks the database, names the versions and the instance; no signature, no cache', async () => {
    const response = await t.app.server.inject({ method: 'GET', url: '/health' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
    const body = response.json();
    assert.equal(body.status, 'ok');
    assert.match(body.version, /^\d+\.\d+\.\d+/);
    assert.equal(body.node, process.version);
    assert.equal(body.instance, t.config.chat.instanceId);
    assert.equal(body.checks.database.ok, true);
    assert.equal(body.checks.redis, undefined, 'no Redis is configured');
    assert.equal(body.gauges.chatRunningJobs, 0, 'no chat job is running on this instance');
  });

  it('answers 503 once the database is gone, while /ping stays the cheap probe', async () => {
    const other = await createTestApp();
    await other.app.db.close();
    const response = await other.app.server.inject({ method: 'GET', url: '/health' });
    assert.equal(response.statusCode, 503);
    assert.equal(response.json().status, 'fail');
    assert.equal(response.json().checks.database.ok, false);
    assert.equal((await other.app.server.inject({ method: 'GET', url: '/ping' })).body, 'OK');
    await other.app.server.close();
    await other.storage.cleanup();
  });
});

describe('GET /health with Redis', redisSuite, () => {
  const prefix = testKeyPrefix();
  let t: TestApp;
  beforeEach(assertRedisReachable);
  before(async () => {
    t = await createTestApp({ REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix });
  });
  after(async () => {
    await t.close();
    await deleteTestKeys(prefix);
  });

  it('checks Redis too', async () => {
    const body = (await t.app.server.inject({ method: 'GET', url: '/health' })).json();
    assert.equal(body.checks.redis.ok, true);
  });
});

describe('health checks', () => {
  it('count a check that does not answer in time as failed, and read the gauges on every call', async () => {
    const server = Fastify();
    let running = 2;
    installHealth(server, {
      checks: [{ name: 'stuck', check: () => new Promise(() => {}) }],
      gauges: { runningJobs: () => running },
      instanceId: 'test:1',
      timeoutMs: 50,
    });
    const first = await server.inject({ method: 'GET', url: '/health' });
    assert.equal(first.statusCode, 503);
    assert.match(first.json().checks.stuck.error, /50 ms/);
    assert.equal(first.json().gauges.runningJobs, 2);
    running = 5;
    assert.equal((await server.inject({ method: 'GET', url: '/health' })).json().gauges.runningJobs, 5);
    await server.close();
  });
});
