/**
 * Featured conversations (精选对话, /valueChatPage): shared conversations ops chose
 * (`pnpm ops featured add|remove|list`). Only public shares are listed: a revoked share or a deleted
 * conversation leaves the gallery at once.
 *
 * GET public/featured (no login) → FeaturedConversation[] (ops' order)
 * POST backend-api/continueSharedConversation { convGroupId } (login) → ContinuedConversation:
 *   copies the public snapshot into a new conversation of the caller; 2301 分享不存在或已被取消
 *   when it is no longer public.
 */
export interface FeaturedConversation {
  convGroupId: string;
  title: string;
  model: string;
  modelName: string;
  icon: string | null;
  /** The first lines: the first question, then the start of its answer. */
  excerpt: { question: string; answer: string };
  messageCount: number;
  /** yyyy-MM-dd HH:mm:ss (China time). */
  sharedAt: string;
  /** The public page: /friendsLinkPage/{convGroupId}. */
  path: string;
}

export interface ContinuedConversation {
  /** The caller's new conversation: open /chatPage?conv=… */
  convGroupId: string;
}
