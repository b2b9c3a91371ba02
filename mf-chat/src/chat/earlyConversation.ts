import { session } from '@qiming/sdk';
import type { ConversationBranch } from '@qiming/sdk/contracts';
import { conversationsApi } from '../history/conversationsApi';
import { CONVERSATION_PARAM } from './conversationUrl';

/** A page asked for early: its promise, and the page itself once it arrived (so it can be shown in the page's first paint). */
export interface EarlyBranch {
  page: Promise<ConversationBranch>;
  arrived?: ConversationBranch;
}

let early: (EarlyBranch & { convGroupId: string }) | null = null;

/**
 * Arriving on a conversation's URL (a reload, a pasted link), its last page is asked for as soon as
 * the chat area's code runs — before the page is rendered and its other calls go out — so opening
 * it does not wait for the page to mount (bench/README.md, "Chat rendering"). Signed out, nothing.
 */
export function readConversationEarly(location: Pick<Location, 'pathname' | 'search'>): void {
  if (!session.isLoggedIn || !/^\/chatPage(\/|$)/.test(location.pathname)) return;
  const convGroupId = new URLSearchParams(location.search).get(CONVERSATION_PARAM);
  if (!convGroupId) return;
  const asked: EarlyBranch & { convGroupId: string } = { convGroupId, page: conversationsApi.branch(convGroupId, {}, true) };
  // Whoever takes it handles its failure; one nobody takes fails quietly.
  asked.page.then(
    (page) => (asked.arrived = page),
    () => undefined,
  );
  early = asked;
}

/** The page asked for early for `convGroupId`, once (the first open); null when there is none. */
export function takeEarlyConversation(convGroupId: string): EarlyBranch | null {
  const taken = early;
  early = null;
  return taken?.convGroupId === convGroupId ? taken : null;
}
