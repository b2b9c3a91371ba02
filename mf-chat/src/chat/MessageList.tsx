import { useLayoutEffect, useRef, type ReactElement, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BranchMessage } from './branch';
import type { ChatStore } from './ChatStore';
import { MessageView } from './MessageView';
import styles from './chat.module.css';

/** spec chat §2 and §9: the list becomes virtual above 20 items, estimated at 180 px each. */
export const VIRTUAL_ABOVE = 20;
export const ESTIMATED_ITEM_HEIGHT = 180;

interface Props {
  store: ChatStore;
  scrollBox: RefObject<HTMLDivElement | null>;
  onFollowUp(question: string): void;
  /** Opens the export dialog for the branch shown. */
  onExport(): void;
  /** A model's display name for an answer's header (never its code). */
  nameOf(model: string): string;
}

/** The saved messages of the branch shown; only those near the viewport are rendered in long conversations. */
export const MessageList = observer(function MessageList({ store, scrollBox, onFollowUp, onExport, nameOf }: Props) {
  const messages = store.messages;
  const lastIndex = store.busy ? -1 : messages.length - 1;
  const render = (message: BranchMessage, index: number) => (
    <MessageView store={store} message={message} isLast={index === lastIndex} onFollowUp={onFollowUp} onExport={onExport} modelName={nameOf(message.node.model || message.node.modelName)} />
  );
  if (messages.length <= VIRTUAL_ABOVE) {
    return (
      <>
        {messages.map((message, index) => (
          <div key={message.node.convId} className={styles.listItem}>
            {render(message, index)}
          </div>
        ))}
      </>
    );
  }
  return <VirtualMessages messages={messages} scrollBox={scrollBox} render={render} />;
});

function VirtualMessages({ messages, scrollBox, render }: { messages: BranchMessage[]; scrollBox: RefObject<HTMLDivElement | null>; render(message: BranchMessage, index: number): ReactElement }) {
  const list = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => ESTIMATED_ITEM_HEIGHT,
    getItemKey: (index) => messages[index]!.node.convId,
    overscan: 4,
    scrollMargin: list.current?.offsetTop ?? 0,
    // A conversation opens at its end: start measuring there rather than at the top.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
  });
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, messages.length]);
  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.options.scrollMargin;
  return (
    <div ref={list} className={styles.virtualList} style={{ height: virtualizer.getTotalSize() }} data-testid="virtual-list">
      {items.map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className={styles.virtualItem}
          style={{ transform: `translateY(${item.start - offset}px)` }}
        >
          {render(messages[item.index]!, item.index)}
        </div>
      ))}
    </div>
  );
}
