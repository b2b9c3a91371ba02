import { eventBus, session } from '@qiming/sdk';

/**
 * True when signed in. Otherwise remembers where to come back to (beforeUrl) and asks the host for
 * its login confirm, as the other areas do.
 */
export function requireLogin(returnTo = `${window.location.pathname}${window.location.search}`): boolean {
  if (session.isLoggedIn) return true;
  session.rememberReturnTo(returnTo);
  eventBus.emit('auth:required', { returnTo });
  return false;
}
