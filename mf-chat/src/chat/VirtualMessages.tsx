import { useLayoutEffect, useRef, type ReactElement, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MessageRow } from './ChatStore';
import styles from './chat.module.css';

/** spec chat §2 and §9: items are estimated at 180 px until measured. */
export const ESTIMATED_ITEM_HEIGHT = 180;

/** A long conversation: only the messages near the viewport are rendered. */
export default function VirtualMessages({ rows, scrollBox, render }: { rows: MessageRow[]; scrollBox: RefObject<HTMLDivElement | null>; render(row: MessageRow, index: number): ReactElement }) {
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
