import { useLayoutEffect, useState, type ReactNode } from 'react';
import { legacyTarget, modelRedirect, replaceTo } from './legacyRoutes';

/**
 * Around the home and chat pages: an old hash link on the site root (`/#/paper-list`) or the chat's
 * ai4mirror model goes to today's page before the page itself shows.
 */
export function LegacyGate({ children }: { children: ReactNode }) {
  const [target] = useState(() => {
    const { pathname, hash, search } = window.location;
    if (pathname === '/' && hash.startsWith('#/')) {
      const found = legacyTarget(hash) ?? `/old${hash}`;
      if (found !== '/') return found;
      window.history.replaceState(null, '', '/'); // the old home is today's home: only the hash goes
      return null;
    }
    return pathname.startsWith('/chatPage') ? modelRedirect(search) : null;
  });
  useLayoutEffect(() => {
    if (target) replaceTo(target);
  }, [target]);
  return target ? null : <>{children}</>;
}
