import type { SharedState } from '../../sharedState/index.js';

/**
 * Reads a value and removes it so that exactly one caller gets it, even when several instances
 * read it at the same moment: the first to set the guard key wins.
 */
export async function takeOnce(state: SharedState, key: string, guardTtlSeconds: number): Promise<string | null> {
  const value = await state.get(key);
  if (value === null) return null;
  if (!(await state.setIfAbsent(`${key}:taken`, Math.max(1, Math.ceil(guardTtlSeconds))))) return null;
  await state.delete(key);
  return value;
}
