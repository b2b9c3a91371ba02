import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { ChatStore } from './ChatStore';

/** Within this distance of the top the page above is read (the history list reads its next page 300 px from its bottom). */
export const EARLIER_WITHIN_PX = 300;

/**
 * A long conversation opens with its last page (getConversationBranch): scrolled near the top of
 * the messages box, the messages above are read and put on top without moving what the user is
 * reading — the distance from the box's bottom is kept, since only the content above it grew.
 */
export function useEarlierMessages(box: RefObject<HTMLElement | null>, store: Pick<ChatStore, 'hasEarlier' | 'loadingEarlier' | 'loadEarlier' | 'messages'>) {
  /** scrollHeight − scrollTop just before the earlier page is shown. */
  const fromBottom = useRef<number | null>(null);
  const first = store.messages[0]?.node.convId;
  useLayoutEffect(() => {
    const el = box.current;
    if (el && fromBottom.current !== null) el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [box, first]);

  const onScroll = () => {
    const el = box.current;
    if (!el || el.scrollTop > EARLIER_WITHIN_PX || !store.hasEarlier || store.loadingEarlier) return;
    // Measured when the page arrives, not now: the user may go on scrolling meanwhile.
    void store.loadEarlier(() => (fromBottom.current = el.scrollHeight - el.scrollTop));
  };
  return { onScroll };
}
