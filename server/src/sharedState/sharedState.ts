/**
 * State that every server instance must see alike (seen nonces now; rate limits, verification
 * codes and chat job chunk logs later). Keys are plain names such as `nonce:<value>`; an
 * implementation adds its deployment's prefix.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Sets `key` for `ttlSeconds` (a positive integer) unless it is already set; true when this call set it. */
  setIfAbsent(key: string, ttlSeconds: number): Promise<boolean>;
  /** The value of `key`, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Sets `key` to `value` for `ttlSeconds`, replacing any value. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Adds one to a counter and returns the new count; the first increment starts its `ttlSeconds`
   * window (fixed-window rate limits: "at most N per minute").
   */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /** Rejects when the store cannot be reached (the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function assertTtl(ttlSeconds: number): void {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new RangeError(`ttlSeconds must be a positive integer, got ${ttlSeconds}`);
}
