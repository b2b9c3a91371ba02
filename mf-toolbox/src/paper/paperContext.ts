import { createContext, useContext } from 'react';
import { session, toasts } from '@qiming/sdk';
import { requireLogin } from '../agents/login';
import { paperApi } from './paperApi';
import { PaperStore } from './paperStore';

let instance: PaperStore | null = null;

/** The page's store, at module level: the open report is still there when the user comes back. */
export function paperStore(): PaperStore {
  instance ??= new PaperStore(paperApi, {
    signedIn: () => session.isLoggedIn,
    requireLogin: () => requireLogin(),
    warn: (text) => void toasts.warn(text),
    confirm: (text) => window.confirm(text),
  });
  return instance;
}

const PaperStoreContext = createContext<PaperStore | null>(null);
/** Tests hand in a store over a fake api. */
export const PaperStoreProvider = PaperStoreContext.Provider;
export const usePaperStore = (): PaperStore => useContext(PaperStoreContext) ?? paperStore();
