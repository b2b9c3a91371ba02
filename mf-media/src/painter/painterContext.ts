import { createContext, useContext } from 'react';
import { session, user } from '@qiming/sdk';
import { painterApi } from '../api/painterApi';
import { requireLogin } from './login';
import { PainterStore, UNKNOWN_ACCOUNT } from './painterStore';

let instance: PainterStore | null = null;

/**
 * The page's store, at module level: the remote's modules stay loaded after the area unmounts, so the
 * form and the task list are there when the user comes back.
 */
export function painterStore(): PainterStore {
  instance ??= new PainterStore(painterApi, {
    signedIn: () => session.isLoggedIn,
    requireLogin: () => requireLogin(),
    account: () => (session.isLoggedIn ? (user.info?.username ?? UNKNOWN_ACCOUNT) : null),
  });
  return instance;
}

const PainterStoreContext = createContext<PainterStore | null>(null);
/** Tests hand in a store over a fake api. */
export const PainterStoreProvider = PainterStoreContext.Provider;
export const usePainterStore = (): PainterStore => useContext(PainterStoreContext) ?? painterStore();
