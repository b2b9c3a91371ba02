import type { BranchMessage, ConversationBranch } from '@qiming/sdk/contracts';

export type { BranchMessage };

/**
 * The conversation shown is the pages of its branch read so far (getConversationBranch): the last
 * page when it opens, earlier pages as the user scrolls up. These put a new page in its place;
 * each returns a new object and never changes the one given.
 */

/** `earlier` (the messages above the first one shown) goes on top. */
export function withEarlier(shown: ConversationBranch, earlier: ConversationBranch): ConversationBranch {
  return { group: earlier.group, messages: [...earlier.messages, ...shown.messages], hasEarlier: earlier.hasEarlier };
}

/**
 * The end of the branch read again (after an answer): what was read above it stays when the two
 * meet, so the pages the user scrolled through are not lost; otherwise the new end alone.
 */
export function withEnd(shown: ConversationBranch | null, end: ConversationBranch): ConversationBranch {
  if (!shown || shown.group.convGroupId !== end.group.convGroupId) return end;
  const first = end.messages[0];
  const at = first ? shown.messages.findIndex((m) => m.node.convId === first.node.convId) : -1;
  if (at < 0) return end;
  return { group: end.group, messages: [...shown.messages.slice(0, at), ...end.messages], hasEarlier: shown.hasEarlier };
}

/**
 * Another version of the message at `index` was chosen and `continued` is the branch read from it
 * (`from=`): the messages above it stay when that branch starts at the version itself; when it was
 * longer than a page it starts lower, and its pages above are read as the user scrolls up.
 */
export function withVersion(shown: ConversationBranch, index: number, versionId: string, continued: ConversationBranch): ConversationBranch {
  if (continued.messages[0]?.node.convId !== versionId) return continued;
  return { group: continued.group, messages: [...shown.messages.slice(0, index), ...continued.messages], hasEarlier: shown.hasEarlier };
}
