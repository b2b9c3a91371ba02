import { useEffect } from 'react';
import { idOfHash } from './slug';

/** Scrolls to the element the location hash names once the content is there, and on every hash change. */
export function useHashScroll(ready: boolean, onTarget?: (id: string) => void): void {
  useEffect(() => {
    if (!ready) return;
    const go = () => {
      const id = idOfHash(window.location.hash);
      if (!id) return;
      onTarget?.(id);
      // After the content (and an opened panel) is laid out.
      requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    };
    go();
    window.addEventListener('hashchange', go);
    return () => window.removeEventListener('hashchange', go);
  }, [ready, onTarget]);
}

/** Puts `#id` in the address (for copying and reload) without a history entry per click. */
export function setHash(id: string): void {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#${encodeURIComponent(id)}`);
}
