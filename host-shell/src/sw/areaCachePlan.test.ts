import { areaCachePlan, registryAreasOf, REGISTRY_MESSAGE } from './areaCachePlan';
import { areaCacheName, releaseOfPath } from './cacheNames';

const ORIGIN = 'https://ai.example.cn';
const area = (name: string, version: string | null, entry = version && `/remotes/${name}/${version}/mf-manifest.json`) => ({ area: name, version, entry: entry ?? null });

describe('areaCachePlan', () => {
  it('keeps each area at the version the registry names, with the folder its files are under', () => {
    const plan = areaCachePlan([area('chat', '1.1.0'), area('pay', '1.0.0')], [], ORIGIN);
    expect(plan.wanted).toEqual([
      { area: 'chat', version: '1.1.0', cacheName: 'qm-area-chat-1.1.0', base: `${ORIGIN}/remotes/chat/1.1.0/` },
      { area: 'pay', version: '1.0.0', cacheName: 'qm-area-pay-1.0.0', base: `${ORIGIN}/remotes/pay/1.0.0/` },
    ]);
    expect(plan.stale).toEqual([]);
  });

  it('drops exactly the caches of versions no longer named, and of areas gone; other caches are not its business', () => {
    const existing = ['qm-area-chat-1.0.0', 'qm-area-pay-1.0.0', 'qm-area-media-2.0.0', 'qm-precache-v2-https://ai.example.cn/', 'qm-pages'];
    const plan = areaCachePlan([area('chat', '1.1.0'), area('pay', '1.0.0')], existing, ORIGIN);
    expect(plan.stale).toEqual(['qm-area-chat-1.0.0', 'qm-area-media-2.0.0']);
    expect(plan.wanted.map((w) => w.cacheName)).toEqual(['qm-area-chat-1.1.0', 'qm-area-pay-1.0.0']);
  });

  it('after a rollback the version rolled back to is wanted and the one left is stale', () => {
    const plan = areaCachePlan([area('chat', '1.0.0')], ['qm-area-chat-1.1.0'], ORIGIN);
    expect(plan.stale).toEqual(['qm-area-chat-1.1.0']);
    expect(plan.wanted.map((w) => w.cacheName)).toEqual(['qm-area-chat-1.0.0']);
  });

  it('caches nothing for an area with no live version or a release on another origin (and drops what it had)', () => {
    const plan = areaCachePlan(
      [area('chat', null), area('pay', '1.0.0', 'https://cdn.example.com/remotes/pay/1.0.0/mf-manifest.json')],
      ['qm-area-chat-1.0.0', 'qm-area-pay-1.0.0'],
      ORIGIN,
    );
    expect(plan.wanted).toEqual([]);
    expect(plan.stale).toEqual(['qm-area-chat-1.0.0', 'qm-area-pay-1.0.0']);
  });
});

describe('registryAreasOf', () => {
  it('reads the areas the page posts and ignores other messages and malformed areas', () => {
    expect(registryAreasOf({ type: REGISTRY_MESSAGE, areas: [area('chat', '1.0.0'), { area: 'pay', version: 3 }, null] })).toEqual([area('chat', '1.0.0')]);
    expect(registryAreasOf({ type: 'other', areas: [] })).toBeNull();
    expect(registryAreasOf({ type: REGISTRY_MESSAGE })).toBeNull();
    expect(registryAreasOf('qm-registry')).toBeNull();
  });
});

describe('releaseOfPath', () => {
  it('names the area version of a file under /remotes/, so its request is answered from that cache', () => {
    expect(releaseOfPath('/remotes/chat/1.1.0/static/js/app.js')).toEqual({ area: 'chat', version: '1.1.0' });
    expect(areaCacheName('chat', '1.1.0')).toBe('qm-area-chat-1.1.0');
    expect(releaseOfPath('/remotes/chat/1.1.0+build%2E1/remoteEntry.js')).toEqual({ area: 'chat', version: '1.1.0+build.1' });
    expect(releaseOfPath('/remotes/chat/1.1.0/')).toBeNull();
    expect(releaseOfPath('/app-api/platform/remotes')).toBeNull();
    expect(releaseOfPath('/remotes/chat/%E0/x.js')).toBeNull();
  });
});
