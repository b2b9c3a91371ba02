import { useLayoutEffect, useRef, type ReactElement, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatStore, MessageRow } from './ChatStore';
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

/**
 * The messages of the branch shown and the answer being generated (`store.rows`); only those near
 * the viewport are rendered in long conversations.
 */
export const MessageList = observer(function MessageList({ store, scrollBox, onFollowUp, onExport, nameOf }: Props) {
  const rows = store.rows;
  const lastIndex = store.busy ? -1 : rows.length - 1;
  const render = ({ message, live }: MessageRow, index: number) => (
    <MessageView store={store} message={message} live={live} isLast={index === lastIndex} onFollowUp={onFollowUp} onExport={onExport} modelName={nameOf(message.node.model || message.node.modelName)} />
  );
  if (rows.length <= VIRTUAL_ABOVE) {
    return (
      <>
        {rows.map((row, index) => (
          <div key={row.key} className={styles.listItem}>
            {render(row, index)}
          </div>
        ))}
      </>
    );
  }
  return <VirtualMessages rows={rows} scrollBox={scrollBox} render={render} />;
});

function VirtualMessages({ rows, scrollBox, render }: { rows: MessageRow[]; scrollBox: RefObject<HTMLDivElement | null>; render(row: MessageRow, index: number): ReactElement }) {
  const list = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => ESTIMATED_ITEM_HEIGHT,
    getItemKey: (index) => rows[index]!.key,
    overscan: 4,
    scrollMargin: list.current?.offsetTop ?? 0,
    // A conversation opens at its end: start measuring there rather than at the top.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
  });
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rows.length]);
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
          {render(rows[item.index]!, item.index)}
        </div>
      ))}
    </div>
  );
}
