import { EventBus, type AppEvents } from '../events/eventBus';
import { PointsStore } from './points';
import { DEFAULT_RETURN_PATH, SessionStore } from './session';
import { SettingsStore } from './settings';
import { STORAGE_KEYS } from './storageKeys';
import { CLEAR_AFTER_MS, ToastStore } from './toasts';
import { UserStore, type UserInfo } from './user';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
};
const ok = <T,>(data: T) => ({ code: 0, data, msg: '' });

describe('SessionStore', () => {
  it('reads and writes the spec keys', () => {
    const storage = memory();
    storage.setItem('myToken', 'a');
    const session = new SessionStore(storage);
    expect(session.isLoggedIn).toBe(true);
    session.setTokens('b', 'r');
    expect([storage.data.get('myToken'), storage.data.get('myRefreshToken'), storage.data.get('loginstate')]).toEqual(['b', 'r', 'true']);
    session.markSessionExpired();
    expect(session.isLoggedIn).toBe(false);
    expect(storage.data.get('loginstate')).toBe('false');
    session.clear();
    expect(storage.data.has('myToken')).toBe(false);
  });

  it('remembers where to return after login, once, and only safe local paths', () => {
    const storage = memory();
    const session = new SessionStore(storage);
    session.rememberReturnTo('/chatPage?model=gpt-4o');
    session.rememberReturnTo('/loginPage');
    expect(session.takeReturnTo()).toBe('/chatPage?model=gpt-4o');
    expect(session.takeReturnTo()).toBe(DEFAULT_RETURN_PATH);
    storage.setItem(STORAGE_KEYS.beforeUrl, '//evil.example/x');
    expect(session.takeReturnTo()).toBe(DEFAULT_RETURN_PATH);
  });
});

describe('PointsStore', () => {
  it('shows the balance in 万 with 2 decimals and announces changes', async () => {
    const bus = new EventBus<AppEvents>();
    const seen: unknown[] = [];
    bus.on('points:changed', (p) => seen.push(p));
    const points = new PointsStore(async () => ok({ restIntegral: 68000, restIntegral2: 12345 }), bus);
    expect(points.displayWan).toBeNull();
    await points.refresh();
    expect(points.total).toBe(80345);
    expect(points.displayWan).toBe('8.03');
    expect(seen).toEqual([{ restIntegral: 68000, restIntegral2: 12345 }]);
  });

  it('becomes null when the fetch fails, without throwing', async () => {
    const points = new PointsStore(async () => {
      throw new Error('network');
    }, new EventBus<AppEvents>());
    points.set({ restIntegral: 1, restIntegral2: 2 });
    await expect(points.refresh()).resolves.toBeUndefined();
    expect(points.total).toBeNull();
  });
});

describe('UserStore derived states', () => {
  const now = Date.UTC(2026, 10, 21);
  const day = 86_400_000;
  const base: UserInfo = { username: 'u', inviteCode: 'c', hasSignIn: false, inviterUsers: 0, totalAmount: 0, userLevel: 0, userSignExpireTime: null, userPackage2: 0, userPackageExpireTime2: null, morePackageTime: null };
  const store = async (info: Partial<UserInfo>) => {
    const user = new UserStore(async () => ok({ ...base, ...info }), () => now);
    await user.load();
    return user;
  };

  it('marks an expired subscription and keeps full price', async () => {
    const user = await store({ userPackage2: 3, userPackageExpireTime2: now - 1 });
    expect(user.subscriptionExpired).toBe(true);
    expect(user.priceMultiplier).toBe(1);
  });

  it('gives basic plan and above 80% prices while active', async () => {
    expect((await store({ userPackage2: 2, userPackageExpireTime2: now + day })).priceMultiplier).toBe(0.8);
    expect((await store({ userPackage2: 1, userPackageExpireTime2: now + day })).priceMultiplier).toBe(1);
  });

  it('shows the points package only with a level and a future expiry', async () => {
    expect((await store({ userLevel: 2, userSignExpireTime: now + day })).pointsPackageActive).toBe(true);
    expect((await store({ userLevel: 0, userSignExpireTime: now + day })).pointsPackageActive).toBe(false);
    expect((await store({ userLevel: 2, userSignExpireTime: now - day })).pointsPackageActive).toBe(false);
  });

  it('counts VIP days and asks for renewal once past', async () => {
    expect((await store({ morePackageTime: now + 2.5 * day })).vipDaysLeft).toBe(3);
    const expired = await store({ morePackageTime: now - day });
    expect(expired.vipDaysLeft).toBeNull();
    expect(expired.vipNeedsRenewal).toBe(true);
    expect((await store({})).vipNeedsRenewal).toBe(false);
  });
});

describe('SettingsStore', () => {
  it('loads speech settings over the defaults and saves them', async () => {
    const saved: unknown[] = [];
    const settings = new SettingsStore({ load: async () => ok({ voice: 'alloy' }), save: async (s) => saved.push(s) }, memory());
    await settings.load();
    expect(settings.speech).toEqual({ speechModel: 'tts-1', voice: 'alloy', speed: 1 });
    await settings.saveSpeech({ speed: 1.5 });
    expect(saved).toEqual([{ speechModel: 'tts-1', voice: 'alloy', speed: 1.5 }]);
  });

  it('keeps memory rounds within 1–8 and remembers the chat settings', () => {
    const storage = memory();
    const settings = new SettingsStore({ load: async () => null, save: async () => {} }, storage);
    settings.setGptConfig({ recentChatLen: 20 });
    expect(settings.gptConfig.recentChatLen).toBe(8);
    settings.setGptConfig({ recentChatLen: 0, useCopyTable: true });
    expect(settings.gptConfig).toEqual({ recentChatLen: 1, useCopyTable: true });
    expect(new SettingsStore({ load: async () => null, save: async () => {} }, storage).gptConfig).toEqual({ recentChatLen: 1, useCopyTable: true });
  });
});

describe('ToastStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('hides after the duration and clears the list 500 ms after all are hidden', () => {
    const toasts = new ToastStore();
    toasts.success('复制成功！');
    toasts.error('出错了', { durationMs: 5000 });
    expect(toasts.items.map((t) => [t.kind, t.top, t.visible])).toEqual([['success', 80, true], ['error', 80, true]]);
    jest.advanceTimersByTime(3000);
    expect(toasts.items.map((t) => t.visible)).toEqual([false, true]);
    jest.advanceTimersByTime(2000);
    expect(toasts.items).toHaveLength(2);
    jest.advanceTimersByTime(CLEAR_AFTER_MS);
    expect(toasts.items).toEqual([]);
  });

  it('pauses while hovered and resumes with the time that was left', () => {
    const toasts = new ToastStore();
    const id = toasts.info('提示');
    jest.advanceTimersByTime(1000);
    toasts.pause(id);
    jest.advanceTimersByTime(10_000);
    expect(toasts.items[0]!.visible).toBe(true);
    toasts.resume(id);
    jest.advanceTimersByTime(1999);
    expect(toasts.items[0]!.visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(toasts.items[0]!.visible).toBe(false);
  });
});
