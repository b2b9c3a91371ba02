/**
 * Public share pages of conversations (spec platform §2 export dialog, chat §2
 * /friendsLinkPage/{convGroupId}). The owner publishes a read-only snapshot of the branch shown;
 * anyone, signed out too, reads it; the owner can revoke it (then it is gone: 404).
 *
 * POST backend-api/shareConversation { convGroupId } → ShareState (publishes or refreshes the snapshot)
 * POST backend-api/revokeShare { convGroupId } → ShareState (shared: false)
 * GET backend-api/getShareState?convGroupId= → ShareState
 * GET public/share/{convGroupId} (no login) → SharedConversation, or HTTP 404 with SHARE_CODES.shareNotFound
 */

const shareCodes = {
  shareNotFound: 2301,
  conversationEmpty: 2302,
};
export const SHARE_CODES = shareCodes as Readonly<typeof shareCodes>;

export interface ShareState {
  convGroupId: string;
  shared: boolean;
  /** When the snapshot was published (yyyy-MM-dd HH:mm:ss, Asia/Shanghai), null when not shared. */
  sharedAt: string | null;
  /** The public page's path: /friendsLinkPage/{convGroupId}. */
  path: string;
}

/** One message of a snapshot: only what the page shows, nothing private (no ids, user, points). */
export interface SharedMessage {
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string;
  modelName?: string;
  createTime: string;
}

export interface SharedConversation {
  convGroupId: string;
  title: string;
  /** The model of the last answer (the page's header and its 试试这个模型 link /chatPage?model=…). */
  model: string;
  modelName: string;
  icon: string | null;
  sharedAt: string;
  messages: SharedMessage[];
}

/** The public page of a shared conversation. */
export function sharePath(convGroupId: string): string {
  return `/friendsLinkPage/${encodeURIComponent(convGroupId)}`;
}
