import { silentLog } from '../log.js';
import { startPeriodicTask, type PeriodicTask } from '../periodicTask.js';
import { assertTtl, type SharedState } from './sharedState.js';

export interface MemorySharedStateOptions {
  /** How often expired entries are dropped (default 30 s). */
  sweepIntervalMs?: number;
  /** Milliseconds clock, for tests. */
  now?: () => number;
}

/**
 * Shared state for a single server instance. Entries carry their expiry; a periodic sweep drops
 * the expired ones, so memory holds at most what was set within the longest TTL plus one interval
 * (a busy server sees millions of nonces). No key prefix: the map belongs to this process alone.
 */
export class MemorySharedState implements SharedState {
  readonly kind = 'memory';
  /** key → value and expiry (epoch milliseconds). */
  private readonly entries = new Map<string, { value: string; expiry: number }>();
  private readonly sweeper: PeriodicTask;
  private readonly now: () => number;

  constructor(options: MemorySharedStateOptions = {}) {
    this.now = options.now ?? Date.now;
    // Dropping expired map entries cannot fail, so there is nothing to log.
    this.sweeper = startPeriodicTask('shared state sweep', () => this.sweep(), options.sweepIntervalMs ?? 30_000, silentLog);
  }

  async setIfAbsent(key: string, ttlSeconds: number): Promise<boolean> {
    assertTtl(ttlSeconds);
    if (this.live(key)) return false;
    this.entries.set(key, { value: '1', expiry: this.now() + ttlSeconds * 1000 });
    return true;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    assertTtl(ttlSeconds);
    this.entries.set(key, { value, expiry: this.now() + ttlSeconds * 1000 });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    assertTtl(ttlSeconds);
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, { value: String(count), expiry: entry?.expiry ?? this.now() + ttlSeconds * 1000 });
    return count;
  }

  private live(key: string): { value: string; expiry: number } | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiry > this.now() ? entry : undefined;
  }

  /** Drops expired entries; returns how many. */
  sweep(): number {
    const now = this.now();
    let dropped = 0;
    for (const [key, { expiry }] of this.entries) {
      if (expiry <= now) {
        this.entries.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** Entries held, expired or not (until the next sweep). */
  get size(): number {
    return this.entries.size;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    await this.sweeper.stop();
    this.entries.clear();
  }
}
