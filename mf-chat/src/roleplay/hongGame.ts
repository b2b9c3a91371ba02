import { HONG_RULES, parseHongScore } from '@qiming/sdk';
import type { BranchMessage } from '../chat/branch';

/**
 * Where the forgiveness value starts. The spec gives the goal (100) and the tries (10) but not the
 * start; 20 is the classic game's, and it leaves 80 to earn in 10 tries — about +8 a message, which
 * an honest apology reaches and excuses do not.
 */
export const HONG_START = 20;

export type HongStatus = 'playing' | 'won' | 'lost';

export interface HongGame {
  value: number;
  triesUsed: number;
  triesLeft: number;
  status: HongStatus;
  /** The change each answer made (by the answer's convId). */
  changes: Map<string, number>;
}

/**
 * The forgiveness game (spec chat §4) from the conversation shown: each answered question is a try;
 * an answer's score line changes the value (a missing one counts +5); the value stays within
 * 0–100. Forgiven at 100; lost when the tries are used up below it.
 */
export function hongGame(messages: readonly BranchMessage[]): HongGame {
  let value = HONG_START;
  let triesUsed = 0;
  const changes = new Map<string, number>();
  for (const { node } of messages) {
    const item = node.chatContent[0];
    if (item?.role !== 'assistant' || node.status === 'failed' || node.status === 'generating') continue;
    const change = parseHongScore(item.content) ?? HONG_RULES.missingScore;
    changes.set(node.convId, change);
    value = Math.max(0, Math.min(HONG_RULES.target, value + change));
    triesUsed += 1;
    if (value >= HONG_RULES.target) break;
  }
  const status: HongStatus = value >= HONG_RULES.target ? 'won' : triesUsed >= HONG_RULES.maxTries ? 'lost' : 'playing';
  return { value, triesUsed, triesLeft: Math.max(0, HONG_RULES.maxTries - triesUsed), status, changes };
}

/** The scene code of a conversation held by role-play (its group's gptsId), or null. */
export function hongCodeOf(gptsId: string | null | undefined): string | null {
  return gptsId?.startsWith('hong-') ? gptsId : null;
}
