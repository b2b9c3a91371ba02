import { useEffect, useRef, useSyncExternalStore } from 'react';
import { session } from '@qiming/sdk';

/** Calls `onChange` whenever the address changes: back / forward, and every push of the areas' routers (single-spa reports those as routing events). */
export function subscribeToLocation(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener('single-spa:routing-event', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('single-spa:routing-event', onChange);
  };
}

const currentFullPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * spec platform §2: going to /loginPage remembers the full path the user came from — its query
 * too, followed as it changes within a page (a chat conversation's ?conv=).
 */
export function useReturnPathOnLogin(): void {
  const fullPath = useSyncExternalStore(subscribeToLocation, currentFullPath);
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const onLoginPage = fullPath === '/loginPage' || fullPath.startsWith('/loginPage?');
    if (onLoginPage && previous.current) session.rememberReturnTo(previous.current);
    previous.current = onLoginPage ? null : fullPath;
  }, [fullPath]);
}
