import { noticeFooterLinks, StoredPopup } from './displayPolicy';

const keys = { version: 'showNotifyVersion', count: 'showNotifyCount' };

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

/** Simulates page loads: each load shows the popup if it should and counts it. */
function loads(popup: () => StoredPopup, n: number): number {
  let shown = 0;
  for (let i = 0; i < n; i++) {
    const p = popup();
    if (p.shouldShow()) {
      p.markShown();
      shown++;
    }
  }
  return shown;
}

describe('StoredPopup', () => {
  it('shows the 重要通知 (version 146) on every load until closed, then never for that version', () => {
    const storage = memory();
    const popup = () => new StoredPopup(storage, keys, { version: 146, maxShows: null });
    expect(loads(popup, 5)).toBe(5);
    popup().close();
    expect(storage.map.get('showNotifyVersion')).toBe('146');
    expect(loads(popup, 5)).toBe(0);
  });

  it('shows again when the server publishes a new version', () => {
    const storage = memory({ showNotifyVersion: '146', showNotifyCount: 'closed' });
    expect(new StoredPopup(storage, keys, { version: 146, maxShows: null }).shouldShow()).toBe(false);
    expect(new StoredPopup(storage, keys, { version: 147, maxShows: null }).shouldShow()).toBe(true);
  });

  it('shows the activity (version 1) at most 2 times', () => {
    const storage = memory();
    const activity = () => new StoredPopup(storage, { version: 'showActiviesVersion', count: 'showActiviesCount' }, { version: 1, maxShows: 2 });
    expect(loads(activity, 10)).toBe(2);
    expect(storage.map.get('showActiviesCount')).toBe('2');
  });

  it('shows the older notice (version 85) up to 15 times, and a close ends it sooner', () => {
    const storage = memory();
    const older = () => new StoredPopup(storage, keys, { version: 85, maxShows: 15 });
    expect(loads(older, 40)).toBe(15);
    const other = memory();
    const closing = () => new StoredPopup(other, keys, { version: 85, maxShows: 15 });
    expect(loads(closing, 3)).toBe(3);
    closing().close();
    expect(loads(closing, 20)).toBe(0);
  });

  it('starts counting over for a new version and survives garbage in storage', () => {
    const storage = memory({ showActiviesVersion: '1', showActiviesCount: '2' });
    const keysA = { version: 'showActiviesVersion', count: 'showActiviesCount' };
    expect(new StoredPopup(storage, keysA, { version: 1, maxShows: 2 }).shouldShow()).toBe(false);
    expect(loads(() => new StoredPopup(storage, keysA, { version: 2, maxShows: 2 }), 5)).toBe(2);
    const broken = memory({ showActiviesVersion: 'x', showActiviesCount: 'y' });
    expect(new StoredPopup(broken, keysA, { version: 2, maxShows: 2 }).shouldShow()).toBe(true);
  });
});

describe('the 重要通知 footer links', () => {
  const links = [
    { kind: 'api' as const, url: 'https://api.example.com' },
    { kind: 'international' as const, url: 'https://intl.example.com' },
  ];
  it('are all shown on the domestic site', () => {
    expect(noticeFooterLinks(links, false)).toEqual(links);
  });
  it('keep the API link on the international site (the site switches give way to 关闭提示)', () => {
    expect(noticeFooterLinks(links, true)).toEqual([links[0]]);
    expect(noticeFooterLinks([], true)).toEqual([]);
  });
});
