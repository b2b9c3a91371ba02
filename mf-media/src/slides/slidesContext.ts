import { createContext, useContext } from 'react';
import { session } from '@qiming/sdk';
import { slidesApi } from '../api/slidesApi';
import { requireLogin } from '../painter/login';
import { SlidesStore } from './slidesStore';

let instance: SlidesStore | null = null;

/** The page's store, at module level: the open deck and its edits are still there when the user comes back. */
export function slidesStore(): SlidesStore {
  instance ??= new SlidesStore(slidesApi, {
    signedIn: () => session.isLoggedIn,
    requireLogin: () => requireLogin(),
    confirm: (text) => window.confirm(text),
    prompt: (text, value) => window.prompt(text, value),
  });
  return instance;
}

const SlidesStoreContext = createContext<SlidesStore | null>(null);
/** Tests hand in a store over a fake api. */
export const SlidesStoreProvider = SlidesStoreContext.Provider;
export const useSlidesStore = (): SlidesStore => useContext(SlidesStoreContext) ?? slidesStore();
