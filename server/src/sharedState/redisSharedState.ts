import { Redis } from 'ioredis';
import { assertTtl, type SharedState } from './sharedState.js';

export interface RedisSharedStateOptions {
  url: string;
  keyPrefix: string;
  /** Connection trouble after startup (Redis restarts, network): the client keeps reconnecting. */
  onError?: (error: Error) => void;
}

/** The URL as it may appear in a log: without its password. */
function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

/** Shared state in Redis, for several server instances; every key is put under the prefix. */
export class RedisSharedState implements SharedState {
  readonly kind = 'redis';

  private constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
  ) {}

  /** Connects before resolving, so a wrong REDIS_URL stops the server at startup, not at the first request. */
  static async connect({ url, keyPrefix, onError }: RedisSharedStateOptions): Promise<RedisSharedState> {
    // A request waits for at most one reconnect attempt, then fails (the caller answers 500)
    // instead of hanging while Redis is away.
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
    let connected = false;
    let connectError: Error | undefined;
    client.on('error', (error: Error) => {
      if (connected) onError?.(error);
      else connectError ??= error;
    });
    try {
      await client.connect();
      connected = true;
    } catch (error) {
      client.disconnect();
      throw new Error(`cannot connect to Redis at ${redactRedisUrl(url)}: ${(connectError ?? (error as Error)).message}`);
    }
    return new RedisSharedState(client, keyPrefix);
  }

  async setIfAbsent(key: string, ttlSeconds: number): Promise<boolean> {
    assertTtl(ttlSeconds);
    return (await this.client.set(this.keyPrefix + key, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  async get(key: string): Promise<string | null> {
    return this.client.get(this.keyPrefix + key);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    assertTtl(ttlSeconds);
    await this.client.set(this.keyPrefix + key, value, 'EX', ttlSeconds);
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async delete(key: string): Promise<void> {
    await this.client.del(this.keyPrefix + key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    assertTtl(ttlSeconds);
    const name = this.keyPrefix + key;
    // One round trip; EXPIRE NX (Redis 7) starts the window only on the first increment.
    const results = await this.client.multi().incr(name).expire(name, ttlSeconds, 'NX').exec();
    const [incrError, count] = results?.[0] ?? [new Error('Redis MULTI returned nothing'), null];
    if (incrError) throw incrError;
    return Number(count);
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
