import type { ServerConfig } from '../config.js';
import { MemorySharedState } from './memorySharedState.js';
import { RedisSharedState } from './redisSharedState.js';
import type { SharedState } from './sharedState.js';

/** Redis when REDIS_URL is set (several instances), this process's memory otherwise. */
export async function createSharedState(
  config: Pick<ServerConfig, 'redisUrl' | 'redisKeyPrefix'>,
  options: { onError?: (error: Error) => void } = {},
): Promise<SharedState> {
  if (!config.redisUrl) return new MemorySharedState();
  return RedisSharedState.connect({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, onError: options.onError });
}

export type { SharedState } from './sharedState.js';
export { MemorySharedState } from './memorySharedState.js';
