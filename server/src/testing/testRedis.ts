import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use: REDIS_URL, else the local default. */
export const testRedisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function probe(): Promise<string | null> {
  const client = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return `Redis is not reachable at ${testRedisUrl} (${(cause ?? (error as Error)).message})`;
  } finally {
    client.disconnect();
  }
}

const unreachable = await probe();
const required = process.env.TEST_REDIS === 'required';

/**
 * Options for a suite of Redis cases: skipped with the reason when Redis is absent and optional.
 * With TEST_REDIS=required (the test script sets it) the suite runs and its cases fail instead.
 */
export const redisSuite: { skip?: string } = unreachable && !required ? { skip: `${unreachable}; set REDIS_URL or start redis-server` } : {};

/** Call in the suite's beforeEach(): fails every case with a clear message when Redis is required and absent. */
export function assertRedisReachable(): void {
  if (unreachable) throw new Error(`${unreachable}. TEST_REDIS=required: start Redis (redis-server) or point REDIS_URL at one.`);
}

/** A key prefix of its own for one test run, so runs sharing a Redis never see each other's keys. */
export function testKeyPrefix(): string {
  return `qm-test-${randomBytes(6).toString('hex')}:`;
}

/** Deletes a test run's keys (SCAN + DEL: never FLUSHDB on a Redis others may use). */
export async function deleteTestKeys(prefix: string): Promise<number> {
  const client = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  let deleted = 0;
  try {
    for await (const keys of client.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) deleted += await client.del(...keys);
    }
  } finally {
    client.disconnect();
  }
  return deleted;
}
