import type { MirrorCar, MirrorHandOff } from '@qiming/sdk/contracts';
import { canEnter, carState, enterInNewTab, loadPercent, tierKey, type OpenedTab } from './mirrorLogic';

const car = (over: Partial<MirrorCar> = {}): MirrorCar => ({ id: 'c', siteId: 's', name: 'C', inUse: 0, capacity: 10, tier: 0, status: 'available', locked: false, ...over });
const handOff: MirrorHandOff = { goUrl: '/app-api/mirror/go/abc', expiresInSeconds: 60, sessionEndsAt: '2025-01-01T00:00:00Z', counted: true };

describe('mirror car cards', () => {
  it('load bar percent, capped at 100', () => {
    expect(loadPercent(car({ inUse: 3, capacity: 10 }))).toBe(30);
    expect(loadPercent(car({ inUse: 12, capacity: 10 }))).toBe(100);
    expect(loadPercent(car({ inUse: 0, capacity: 0 }))).toBe(100);
  });

  it('states: disabled and full from the server, locked by plan, busy from 80 %', () => {
    expect(carState(car({ status: 'disabled', locked: true }))).toBe('disabled');
    expect(carState(car({ status: 'full', inUse: 10 }))).toBe('full');
    expect(carState(car({ locked: true }))).toBe('locked');
    expect(carState(car({ inUse: 8 }))).toBe('busy');
    expect(carState(car({ inUse: 7 }))).toBe('available');
    expect(['available', 'busy', 'full', 'disabled', 'locked'].filter((s) => canEnter(s as never))).toEqual(['available', 'busy']);
    expect([tierKey(-1), tierKey(2), tierKey(9)]).toEqual(['mirror.car.tier0', 'mirror.car.tier2', 'mirror.car.tier3']);
  });
});

describe('enterInNewTab', () => {
  const tab = (): OpenedTab & { closed: boolean } => {
    const t = { location: { href: 'about:blank' }, opener: {} as unknown, closed: false, close: () => (t.closed = true) };
    return t;
  };

  it('opens the tab before asking, then sends it to the one-time redirect without an opener', async () => {
    const opened = tab();
    const order: string[] = [];
    const outcome = await enterInNewTab(
      async () => {
        order.push('ask');
        return handOff;
      },
      { open: () => (order.push('open'), opened), assign: jest.fn() },
    );
    expect(outcome).toBe('tab');
    expect(order).toEqual(['open', 'ask']);
    expect(opened.location.href).toBe('/app-api/mirror/go/abc');
    expect(opened.opener).toBeNull();
  });

  it('closes the tab when the server refuses', async () => {
    const opened = tab();
    const assign = jest.fn();
    expect(await enterInNewTab(() => Promise.reject(new Error('该账号已满员')), { open: () => opened, assign })).toBe('failed');
    expect(opened.closed).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes in this page when the new tab was blocked', async () => {
    const assign = jest.fn();
    expect(await enterInNewTab(async () => handOff, { open: () => null, assign })).toBe('samePage');
    expect(assign).toHaveBeenCalledWith('/app-api/mirror/go/abc');
  });
});
