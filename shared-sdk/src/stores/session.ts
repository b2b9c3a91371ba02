import { makeAutoObservable } from 'mobx';
import { STORAGE_KEYS, type KeyValueStorage } from './storageKeys';

/** Where a user goes after login when nothing was remembered (spec: the default previous route). */
export const DEFAULT_RETURN_PATH = '/chatPage';

/** Tokens and login state, kept in local storage under the spec's keys. */
export class SessionStore {
  accessToken: string | null;
  refreshToken: string | null;
  loginState: string | null;

  constructor(private readonly storage: KeyValueStorage) {
    this.accessToken = storage.getItem(STORAGE_KEYS.accessToken);
    this.refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
    this.loginState = storage.getItem(STORAGE_KEYS.loginState);
    makeAutoObservable<this, 'storage'>(this, { storage: false });
  }

  get isLoggedIn(): boolean {
    return !!this.accessToken && this.loginState !== 'false';
  }

  setTokens(accessToken: string, refreshToken?: string): void {
    this.accessToken = accessToken;
    this.storage.setItem(STORAGE_KEYS.accessToken, accessToken);
    if (refreshToken) {
      this.refreshToken = refreshToken;
      this.storage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    }
    this.setLoginState('true');
  }

  /** The session could not be renewed: loginstate = "false" (spec §7). */
  markSessionExpired(): void {
    this.setLoginState('false');
  }

  /** Logout (spec §4): tokens cleared, loginstate "false". Points and user info are cleared by the SDK root. */
  clear(): void {
    this.accessToken = null;
    this.refreshToken = null;
    this.storage.removeItem(STORAGE_KEYS.accessToken);
    this.storage.removeItem(STORAGE_KEYS.refreshToken);
    this.setLoginState('false');
  }

  /** Remembers where to come back to after login (spec: the previous full path, under beforeUrl). */
  rememberReturnTo(path: string): void {
    if (path.startsWith('/loginPage')) return;
    this.storage.setItem(STORAGE_KEYS.beforeUrl, path);
  }

  /** The remembered path, once; the default when none (or an unsafe one) was stored. */
  takeReturnTo(): string {
    const path = this.storage.getItem(STORAGE_KEYS.beforeUrl);
    this.storage.removeItem(STORAGE_KEYS.beforeUrl);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : DEFAULT_RETURN_PATH;
  }

  private setLoginState(value: 'true' | 'false'): void {
    this.loginState = value;
    this.storage.setItem(STORAGE_KEYS.loginState, value);
  }
}
