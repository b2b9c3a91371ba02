import { createContext, useContext } from 'react';
import { session, user } from '@qiming/sdk';
import { videoApi } from '../api/videoApi';
import { requireLogin } from '../painter/login';
import { VideoStore } from './videoStore';

let instance: VideoStore | null = null;

/** The page's store, at module level: the form is as it was when the user comes back. */
export function videoStore(): VideoStore {
  instance ??= new VideoStore(videoApi, {
    signedIn: () => session.isLoggedIn,
    requireLogin: () => requireLogin(),
    account: () => (session.isLoggedIn ? (user.info?.username ?? null) : null),
  });
  return instance;
}

const VideoStoreContext = createContext<VideoStore | null>(null);
/** Tests hand in a store over a fake api. */
export const VideoStoreProvider = VideoStoreContext.Provider;
export const useVideoStore = (): VideoStore => useContext(VideoStoreContext) ?? videoStore();
