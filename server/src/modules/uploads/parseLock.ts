import type { SharedState } from '../../sharedState/index.js';

/** The shared-state key that marks a user's upload as being parsed. */
export const parsingKey = (userId: string) => `upload-parsing:${userId}`;

/**
 * One upload being parsed per user (spec chat §4: "Only one upload may be parsing at a time").
 * A marker in the shared state, so with Redis it holds across instances; it expires by itself
 * after `ttlSeconds` (longer than the parse time limit) should an instance die while parsing.
 */
export class ParseLock {
  constructor(
    private readonly state: SharedState,
    private readonly ttlSeconds: number,
  ) {}

  /** The release function, or null when the user has an upload being parsed already. */
  async acquire(userId: string): Promise<(() => Promise<void>) | null> {
    const key = parsingKey(userId);
    if (!(await this.state.setIfAbsent(key, this.ttlSeconds))) return null;
    return () => this.state.delete(key);
  }
}
