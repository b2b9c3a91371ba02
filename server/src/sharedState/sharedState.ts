/**
 * State that every server instance must see alike (seen nonces now; rate limits, verification
 * codes and chat job chunk logs later). Keys are plain names such as `nonce:<value>`; an
 * implementation adds its deployment's prefix.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Sets `key` for `ttlSeconds` (a positive integer) unless it is already set; true when this call set it. */
  setIfAbsent(key: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

export function assertTtl(ttlSeconds: number): void {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new RangeError(`ttlSeconds must be a positive integer, got ${ttlSeconds}`);
}
