import { useEffect, useRef, useState, type RefObject } from 'react';

/** The keys the input hands to an open picker (@ agents, / knowledge bases); Tab picks like Enter. */
export type PickerKey = 'ArrowUp' | 'ArrowDown' | 'Enter';

/**
 * The keyboard of an input's picker: the entry the keys are on (back to the first when `query`
 * changes), ↑ ↓ moving with wrap, Enter picking (closing when there is nothing to pick), and that
 * entry kept in view in `box`. The picker puts its handler into `keys` while shown.
 */
export function usePickerKeys<T>(items: readonly T[], query: string, keys: RefObject<((key: PickerKey) => void) | null>, onPick: (item: T) => void, onClose: () => void) {
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [query]);
  const current = Math.min(active, Math.max(items.length - 1, 0));

  useEffect(() => {
    keys.current = (key) => {
      if (key === 'Enter') {
        const item = items[current];
        if (item !== undefined) onPick(item);
        else onClose();
        return;
      }
      if (items.length === 0) return;
      setActive((current + (key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
    };
    return () => {
      keys.current = null;
    };
  });

  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [current, items.length]);

  return { current, box };
}
