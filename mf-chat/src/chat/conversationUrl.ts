import { useCallback, useLayoutEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/**
 * A conversation's URL is `/chatPage?conv=<convGroupId>`: a query parameter of its own, so it
 * clashes neither with the `/chatPage/g-<code>` agent route nor with `?model=`, `?hong=`, `?q=` or
 * `?kgId=&kgTitle=` (mf-chat/README.md, "Conversation URLs").
 */
export const CONVERSATION_PARAM = 'conv';

/** A new history entry (back returns to what was shown before) or in place of the current one. */
export type UrlChange = 'push' | 'replace';

/** The chat page showing `convGroupId`, or a new chat. Entry parameters are not carried over: they did their work on arrival. */
export function conversationPath(convGroupId: string | null): string {
  return convGroupId === null ? '/chatPage' : `/chatPage?${CONVERSATION_PARAM}=${encodeURIComponent(convGroupId)}`;
}

/** What the URL drives on the chat page (the chat store). */
export interface ConversationUrlTarget {
  followUrl(convGroupId: string | null): Promise<boolean>;
}

/**
 * Keeps the conversation shown and the URL in step. The URL's `conv` — on arrival, reload, back /
 * forward, a pasted link — goes to `target.followUrl` (`opened` runs once it opened one); the
 * function returned puts a conversation into the URL (the chat store's `showInUrl`).
 */
export function useConversationUrl(target: ConversationUrlTarget, opened: () => void): (convGroupId: string | null, change: UrlChange) => void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const conv = params.get(CONVERSATION_PARAM);
  // Before the page is painted: the conversation (or its skeleton) shows in the first paint, not a new chat's welcome.
  useLayoutEffect(() => {
    void target.followUrl(conv).then((done) => done && opened());
    // `opened` may be a new function on every render; the URL alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conv, target]);
  return useCallback((convGroupId: string | null, change: UrlChange) => navigate(conversationPath(convGroupId), { replace: change === 'replace' }), [navigate]);
}
