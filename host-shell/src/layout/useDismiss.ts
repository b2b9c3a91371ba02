import { useEffect, type RefObject } from 'react';

/** Closes a popover on a press outside `root` or on Esc, while it is open. */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPress = (event: MouseEvent) => !root.current?.contains(event.target as Node) && close();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('mousedown', onPress);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPress);
      window.removeEventListener('keydown', onKey);
    };
  }, [root, open, close]);
}
