import type { Registry } from '@qiming/sdk';
import { loadRegistry, REGISTRY_CACHE_KEY } from './registryClient';
import { inlinedRegistry, REGISTRY_BLOCK_ID } from './inlineRegistry';

const defaults: Registry = { areas: [{ area: 'chat', container: 'mf_chat', version: '1.0.0', entry: '/d', fallback: null, routes: ['/'] }], apiSite: '', site: { edition: 'domestic', locale: 'zh-CN', guards: false, specialLayout: false } };
const fromServer: Registry = { areas: [{ area: 'chat', container: 'mf_chat', version: '2.0.0', entry: '/s', fallback: null, routes: ['/'] }], apiSite: 'https://api.example', site: { edition: 'international', locale: 'en-US', guards: true, specialLayout: false } };

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const respond = (status: number, body: unknown) =>
  jest.fn(async () => ({ ok: status < 400, status, json: async () => body }) as Response);

describe('loadRegistry', () => {
  beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

  it('uses the server answer and remembers it', async () => {
    const storage = memoryStorage();
    const result = await loadRegistry({ fetch: respond(200, { code: 0, data: fromServer, msg: '' }), storage, defaults });
    expect(result).toEqual({ registry: fromServer, source: 'server' });
    expect(JSON.parse(storage.data.get(REGISTRY_CACHE_KEY)!)).toEqual(fromServer);
  });

  it('uses a preview registry but keeps remembering the ordinary one', async () => {
    const storage = memoryStorage({ [REGISTRY_CACHE_KEY]: JSON.stringify(fromServer) });
    const preview: Registry = { ...fromServer, areas: [{ ...fromServer.areas[0]!, version: '3.0.0', preview: { expiresAt: '2026-11-29T00:00:00.000Z' } }] };
    const result = await loadRegistry({ inlined: preview, fetch: respond(502, {}), storage, defaults });
    expect(result).toEqual({ registry: preview, source: 'page' });
    expect(JSON.parse(storage.data.get(REGISTRY_CACHE_KEY)!)).toEqual(fromServer);
  });

  it('falls back to the remembered registry when the server fails', async () => {
    const storage = memoryStorage({ [REGISTRY_CACHE_KEY]: JSON.stringify(fromServer) });
    const result = await loadRegistry({ fetch: respond(502, {}), storage, defaults });
    expect(result).toEqual({ registry: fromServer, source: 'cache' });
  });

  it('gives a registry remembered before sites existed the built-in site', async () => {
    const { site: _site, ...older } = fromServer;
    const storage = memoryStorage({ [REGISTRY_CACHE_KEY]: JSON.stringify(older) });
    const result = await loadRegistry({ fetch: respond(502, {}), storage, defaults });
    expect(result.registry.site).toEqual(defaults.site);
  });

  it('falls back to the built-in defaults with nothing remembered', async () => {
    const failing = jest.fn(async () => {
      throw new TypeError('network down');
    });
    const result = await loadRegistry({ fetch: failing as unknown as typeof fetch, storage: memoryStorage({ [REGISTRY_CACHE_KEY]: '{bad json' }), defaults });
    expect(result).toEqual({ registry: defaults, source: 'defaults' });
  });

  it('rejects a malformed answer', async () => {
    const result = await loadRegistry({ fetch: respond(200, { code: 0, data: { areas: 'nope' }, msg: '' }), storage: memoryStorage(), defaults });
    expect(result.source).toBe('defaults');
  });
});

describe('the registry written into the page', () => {
  beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => document.body.replaceChildren());

  function pageWith(blockText: string | null) {
    if (blockText === null) return;
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = REGISTRY_BLOCK_ID;
    block.textContent = blockText;
    document.body.append(block);
  }

  it('is used without a fetch, and remembered', async () => {
    pageWith(JSON.stringify(fromServer).replace(/</g, '\\u003c'));
    const fetch = respond(200, { code: 0, data: defaults, msg: '' });
    const storage = memoryStorage();
    const result = await loadRegistry({ inlined: inlinedRegistry(), fetch, storage, defaults });
    expect(result).toEqual({ registry: fromServer, source: 'page' });
    expect(fetch).not.toHaveBeenCalled();
    expect(JSON.parse(storage.data.get(REGISTRY_CACHE_KEY)!)).toEqual(fromServer);
  });

  it.each([
    ['missing', null],
    ['not JSON', '{"areas": ['],
    ['not a registry', '{"areas": "nope"}'],
  ])('when %s, is replaced by the server answer', async (_case, blockText) => {
    pageWith(blockText);
    const fetch = respond(200, { code: 0, data: fromServer, msg: '' });
    const result = await loadRegistry({ inlined: inlinedRegistry(), fetch, storage: memoryStorage(), defaults });
    expect(result).toEqual({ registry: fromServer, source: 'server' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('when malformed and the server is down, gives way to the remembered registry', async () => {
    pageWith('</script>');
    const storage = memoryStorage({ [REGISTRY_CACHE_KEY]: JSON.stringify(fromServer) });
    const result = await loadRegistry({ inlined: inlinedRegistry(), fetch: respond(503, {}), storage, defaults });
    expect(result).toEqual({ registry: fromServer, source: 'cache' });
  });
});
