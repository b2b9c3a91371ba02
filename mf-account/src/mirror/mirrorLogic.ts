import type { MirrorCar, MirrorHandOff } from '@qiming/sdk/contracts';

/** How full a car is, 0–100, for its load bar. */
export function loadPercent(car: Pick<MirrorCar, 'inUse' | 'capacity'>): number {
  if (car.capacity <= 0) return 100;
  return Math.min(100, Math.round((car.inUse / car.capacity) * 100));
}

export type CarState = 'available' | 'busy' | 'full' | 'disabled' | 'locked';

/** What a car's card shows: busy from 80 % load; locked when the plan is below the car's tier. */
export function carState(car: MirrorCar): CarState {
  if (car.status === 'disabled') return 'disabled';
  if (car.status === 'full') return 'full';
  if (car.locked) return 'locked';
  return loadPercent(car) >= 80 ? 'busy' : 'available';
}

export const canEnter = (state: CarState) => state === 'available' || state === 'busy';

/** The i18n key of a tier requirement (0 everyone … 3 professional). */
export const tierKey = (tier: number) => `mirror.car.tier${Math.min(Math.max(tier, 0), 3)}` as 'mirror.car.tier0';

/** A blank tab the click may open (window.open inside the click, before any await, passes popup blockers). */
export interface OpenedTab {
  location: { href: string };
  opener: unknown;
  close(): void;
}

/**
 * The hand-off: opens a blank tab at once, asks the server for the entry, then sends the tab to the
 * one-time redirect (cut from this page: no opener). Without a tab (blocked) the page itself goes.
 * Failures close the tab; the SDK has shown why.
 */
export async function enterInNewTab(
  ask: () => Promise<MirrorHandOff>,
  browser: { open(): OpenedTab | null; assign(url: string): void },
): Promise<'tab' | 'samePage' | 'failed'> {
  const tab = browser.open();
  let handOff: MirrorHandOff;
  try {
    handOff = await ask();
  } catch {
    tab?.close();
    return 'failed';
  }
  if (!tab) {
    browser.assign(handOff.goUrl);
    return 'samePage';
  }
  tab.opener = null;
  tab.location.href = handOff.goUrl;
  return 'tab';
}

export const realBrowser = {
  open: (): OpenedTab | null => window.open('about:blank', '_blank') as OpenedTab | null,
  assign: (url: string) => window.location.assign(url),
};
