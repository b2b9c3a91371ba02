/**
 * @jest-environment node
 */
import { AreaCacheSync, COMPLETE_MARKER } from './areaCacheSync';

const ORIGIN = 'https://ai.example.cn';
const marker = (area: string, version: string) => `${ORIGIN}/remotes/${area}/${version}/${COMPLETE_MARKER}`;

/** CacheStorage as the sync uses it: caches by name, each a map of URL to what was put. */
class FakeCaches {
  readonly stores = new Map<string, Map<string, unknown>>();
  keys = async () => [...this.stores.keys()];
  has = async (name: string) => this.stores.has(name);
  delete = async (name: string) => this.stores.delete(name);
  open = async (name: string) => {
    const store = this.stores.get(name) ?? new Map<string, unknown>();
    this.stores.set(name, store);
    return {
      keys: async () => [...store.keys()].map((url) => ({ url })),
      put: async (url: string, response: unknown) => void store.set(url, response),
      match: async (url: string) => store.get(url),
    };
  };
}

const listing = (files: string[]) => ({ ok: true, status: 200, json: async () => ({ code: 0, msg: '', data: { files } }) });
const file = (url: string) => ({ ok: true, status: 200, body: url });

function setup(lists: Record<string, string[]>, missing: string[] = []) {
  const caches = new FakeCaches();
  const fetched: string[] = [];
  const fetch = async (input: string) => {
    fetched.push(input);
    const list = /^\/app-api\/platform\/releases\/([^/]+)\/([^/]+)\/files$/.exec(input);
    if (list) return (lists[`${list[1]}@${decodeURIComponent(list[2]!)}`] ? listing(lists[`${list[1]}@${decodeURIComponent(list[2]!)}`]!) : { ok: false, status: 404 }) as Response;
    return (missing.includes(input) ? { ok: false, status: 404 } : file(input)) as unknown as Response;
  };
  return { caches, fetched, sync: new AreaCacheSync(caches as unknown as CacheStorage, fetch, ORIGIN) };
}

const areas = (versions: Record<string, string>) => Object.entries(versions).map(([area, version]) => ({ area, version, entry: `/remotes/${area}/${version}/mf-manifest.json` }));

describe('AreaCacheSync', () => {
  it('caches each area version by the server’s list of its files', async () => {
    const { caches, sync } = setup({ 'chat@1.0.0': ['mf-manifest.json', 'remoteEntry.js'], 'pay@1.0.0': ['mf-manifest.json'] });
    await sync.sync(areas({ chat: '1.0.0', pay: '1.0.0' }));
    expect([...caches.stores.get('qm-area-chat-1.0.0')!.keys()]).toEqual([
      `${ORIGIN}/remotes/chat/1.0.0/mf-manifest.json`,
      `${ORIGIN}/remotes/chat/1.0.0/remoteEntry.js`,
      marker('chat', '1.0.0'),
    ]);
    expect([...caches.stores.get('qm-area-pay-1.0.0')!.keys()]).toEqual([`${ORIGIN}/remotes/pay/1.0.0/mf-manifest.json`, marker('pay', '1.0.0')]);
  });

  it('asks nothing on later page loads once a release is cached whole', async () => {
    const { fetched, sync } = setup({ 'chat@1.0.0': ['remoteEntry.js'] });
    await sync.sync(areas({ chat: '1.0.0' }));
    fetched.length = 0;
    await sync.sync(areas({ chat: '1.0.0' }));
    expect(fetched).toEqual([]);
  });

  it('on a version change replaces that area’s cache only; an unchanged area is neither refetched nor touched', async () => {
    const { caches, fetched, sync } = setup({ 'chat@1.0.0': ['remoteEntry.js'], 'chat@1.1.0': ['remoteEntry.js'], 'pay@1.0.0': ['remoteEntry.js'] });
    await sync.sync(areas({ chat: '1.0.0', pay: '1.0.0' }));
    const payCache = caches.stores.get('qm-area-pay-1.0.0');
    fetched.length = 0;
    await sync.sync(areas({ chat: '1.1.0', pay: '1.0.0' }));
    expect([...caches.stores.keys()].sort()).toEqual(['qm-area-chat-1.1.0', 'qm-area-pay-1.0.0']);
    expect(caches.stores.get('qm-area-pay-1.0.0')).toBe(payCache);
    expect(fetched).toEqual(['/app-api/platform/releases/chat/1.1.0/files', `${ORIGIN}/remotes/chat/1.1.0/remoteEntry.js`]);
  });

  it('asks again next time for a file that failed, and an area without a list does not stop the others', async () => {
    const failing = `${ORIGIN}/remotes/chat/1.0.0/b.js`;
    const { caches, fetched, sync } = setup({ 'chat@1.0.0': ['a.js', 'b.js'] }, [failing]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await sync.sync(areas({ media: '9.9.9', chat: '1.0.0' }));
    expect(caches.stores.has('qm-area-media-9.9.9')).toBe(false);
    expect([...caches.stores.get('qm-area-chat-1.0.0')!.keys()]).toEqual([`${ORIGIN}/remotes/chat/1.0.0/a.js`]);
    fetched.length = 0;
    await sync.sync(areas({ chat: '1.0.0' }));
    expect(fetched.filter((url) => !url.startsWith('/app-api/'))).toEqual([failing]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
