import { agentChatPath } from '@qiming/sdk';

/**
 * The chat with an agent; `question` rides along as `?q=` so the chat can prefill (or send) a
 * starter question the user picked here.
 */
export function agentChatLink(code: string, question?: string): string {
  const path = agentChatPath(code);
  return question ? `${path}?q=${encodeURIComponent(question)}` : path;
}

/** The chat with a plain model (a favourite that is not an agent). */
export const modelChatLink = (code: string) => `/chatPage?model=${encodeURIComponent(code)}`;

/** The share link of an agent (spec chat §2: share links use query model set to an agent code). */
export const agentShareLink = (code: string) => `${window.location.origin}${modelChatLink(code)}`;

/** The editor of one's own agent in 我的智能体. */
export const agentEditLink = (id: string) => `/toolBox/coll2?edit=${encodeURIComponent(id)}`;
