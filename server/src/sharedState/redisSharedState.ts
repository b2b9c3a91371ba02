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

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
