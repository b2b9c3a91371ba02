// The SDK's singletons. The SDK is a shared module-federation singleton, so this module runs once
// per page and the host and every area get the same stores and the same request client.
import { createChatClient } from './chat/chatClient';
import { eventBus } from './events/eventBus';
import { createRequestClient } from './request/client';
import { defaultConfig, type SdkConfig } from './request/config';
import { PointsStore, type PointsBalance } from './stores/points';
import { SessionStore } from './stores/session';
import { SettingsStore, type SpeechSettings } from './stores/settings';
import { browserStorage } from './stores/storageKeys';
import { ToastStore } from './stores/toasts';
import { ThemeStore } from './stores/theme';
import { UserStore, type UserInfo } from './stores/user';
import type { LoginResult } from '@qiming/contracts';
import type { SiteConfig } from '@qiming/contracts';
import { sdkText } from './i18n/sdkText';

const storage = browserStorage();
let config: SdkConfig = defaultConfig();

/** Overrides hosts or origins (the host shell may call this at boot). */
export function configureSdk(change: Partial<Omit<SdkConfig, 'hosts'>> & { hosts?: Partial<SdkConfig['hosts']> }): void {
  config = { ...config, ...change, hosts: { ...config.hosts, ...change.hosts } };
}

const currentPath = () => (typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`);

let currentSite: SiteConfig | null = null;

/** The host sets the registry's site config at boot, before any area mounts. */
export function setSiteConfig(site: SiteConfig): void {
  currentSite = site;
}

/** The site config the host booted with (null before boot, e.g. in an area's own tests). */
export function siteConfig(): SiteConfig | null {
  return currentSite;
}

export const toasts = new ToastStore();
export const theme = new ThemeStore(storage);
export const session = new SessionStore(storage);

export const request = createRequestClient({
  config: () => config,
  session: {
    accessToken: () => session.accessToken,
    refreshToken: () => session.refreshToken,
    setTokens: (accessToken, refreshToken) => session.setTokens(accessToken, refreshToken),
    markSessionExpired: () => session.markSessionExpired(),
  },
  notify: (kind, message, durationMs) => toasts.show(kind, message, { durationMs }),
  pathname: () => (typeof window === 'undefined' ? '/' : window.location.pathname),
  onRefreshed: (answer) => {
    if (typeof answer.restIntegral === 'number' || typeof answer.restIntegral2 === 'number') points.set(answer);
  },
  onSessionExpired: ({ announced }) => sessionEnded(announced),
  onInsufficientPoints: (message) => eventBus.emit('points:insufficient', { message }),
});

/**
 * spec platform §8 "Refresh failure … then /loginPage": the session could not be renewed. Open
 * dialogs close (`session:expired`); after the message the user goes to the login page, which brings
 * them back here (beforeUrl). On the quiet pages (login, social, trace, chatPage) the page decides.
 */
function sessionEnded(announced: boolean): void {
  const returnTo = currentPath();
  eventBus.emit('session:expired', { returnTo, announced });
  if (!announced) return;
  session.rememberReturnTo(returnTo);
  navigateTo('/loginPage');
}

export const points = new PointsStore(() => request.get<PointsBalance>('system/user/integral'), eventBus);
export const user = new UserStore(() => request.get<UserInfo>('system/user/userinfo'));
export const settings = new SettingsStore(
  {
    load: () => request.get<Partial<SpeechSettings>>('system/user/getUserSetting'),
    save: (speech) => request.post('system/user/updateUserSetting', speech),
  },
  storage,
);

/** Chat: streaming with resume, stop, the model catalogue; the balance refreshes after every generation. */
export const chat = createChatClient({
  streamTarget: () => request.streamTarget(),
  get: (path, params) => request.get(path, params),
  refreshPoints: () => points.refresh(),
  onInsufficientPoints: (message) => eventBus.emit('points:insufficient', { message }),
});

// paySuccess: whoever shows points or plan badges sees the purchase without a reload.
eventBus.on('pay:success', () => {
  void points.refresh();
  void user.load();
});

/** spec platform §4: points first (null on failure), then user info and settings, once. */
export async function loadAccount(): Promise<void> {
  if (!session.isLoggedIn) return;
  await points.refresh();
  await Promise.allSettled([user.load(), settings.load()]);
}

/** After register, login or refresh: the new tokens and balance, then user info and settings. */
export async function signIn(result: Pick<LoginResult, 'accessToken' | 'refreshToken' | 'restIntegral' | 'restIntegral2'>): Promise<void> {
  session.setTokens(result.accessToken, result.refreshToken);
  points.set({ restIntegral: result.restIntegral, restIntegral2: result.restIntegral2 });
  await Promise.allSettled([user.load(), settings.load()]);
}

/**
 * Goes to a path of any area without reloading the page (single-spa reroutes on popstate).
 * Areas use it for links that leave the area; inside an area, its router navigates.
 */
export function navigateTo(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** Copies text with the spec's feedback: 复制成功！ (or the caller's own success text) or 复制失败！ */
export async function copyText(text: string, success?: { message: string; durationMs?: number }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toasts.success(success?.message ?? sdkText('copy.success'), { durationMs: success?.durationMs });
  } catch {
    toasts.error(sdkText('copy.failed'));
  }
}

/** spec platform §4 "Logout": tokens cleared, loginstate false, points and user info cleared. */
export async function logout(): Promise<void> {
  // Revoke the session on the server first (it needs the token), then forget it here regardless.
  if (session.accessToken) await request.post('system/auth/logout').catch(() => {});
  session.clear();
  points.set(null);
  user.clear();
}
