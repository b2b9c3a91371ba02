import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { AreaLifecycles, RegistryArea, RemoteFailureReport } from '@qiming/sdk';
import { areaFallbackPlugin } from './areaFallbackPlugin';
import { mountArea } from './areaLoader';
import { VersionPlan } from './versionPlan';

type Behaviour = 'works' | 'entry-404' | 'mount-throws';

// Each test gets its own origin: the runtime caches containers per entry URL for the whole page.
let origin = 0;
beforeEach(() => {
  origin += 1;
});
const entryOf = (version: string) => `https://remotes${origin}.test/chat/${version}/remoteEntry.js`;

/** Fake containers fed through the runtime's loadEntry hook, keyed by entry URL. */
function fakeContainers(behaviours: Record<string, Behaviour>, loads: string[]): ModuleFederationRuntimePlugin {
  return {
    name: 'fake-containers',
    loadEntry({ remoteInfo }) {
      loads.push(remoteInfo.entry);
      const behaviour = behaviours[remoteInfo.entry];
      if (!behaviour || behaviour === 'entry-404') throw new Error(`404 ${remoteInfo.entry}`);
      const version = remoteInfo.entry.split('/')[4]!;
      const lifecycles: AreaLifecycles = {
        bootstrap: async () => {},
        mount: async ({ domElement }) => {
          if (behaviour === 'mount-throws') throw new Error(`mount of ${version} exploded`);
          domElement.textContent = `chat ${version}`;
        },
        unmount: async () => {},
      };
      return { init: async () => {}, get: async () => () => ({ default: lifecycles }) } as never;
    },
  };
}

function setup(area: Partial<RegistryArea>, behaviours: Record<string, Behaviour>) {
  const registryArea: RegistryArea = { area: 'chat', container: 'mf_chat', version: '2.0.0', entry: entryOf('2.0.0'), fallback: { version: '1.0.0', entry: entryOf('1.0.0') }, routes: ['/'], ...area };
  const plan = new VersionPlan(registryArea);
  const reports: RemoteFailureReport[] = [];
  const loads: string[] = [];
  const report = (r: RemoteFailureReport) => reports.push(r);
  const federation = createInstance({
    name: `host_${Math.random().toString(36).slice(2)}`,
    remotes: plan.current() ? [{ name: 'mf_chat', entry: plan.current()!.entry }] : [],
    shared: {},
    plugins: [fakeContainers(behaviours, loads), areaFallbackPlugin(new Map([['mf_chat', plan]]), report)],
  });
  const element = document.createElement('div');
  return { plan, reports, loads, element, run: () => mountArea(plan, element, federation, report) };
}

describe('mountArea with the fallback plugin', () => {
  beforeAll(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('mounts the registry version when it works, without reports', async () => {
    const t = setup({}, { [entryOf('2.0.0')]: 'works', [entryOf('1.0.0')]: 'works' });
    await expect(t.run()).resolves.toMatchObject({ version: '2.0.0' });
    expect(t.element.textContent).toBe('chat 2.0.0');
    expect(t.reports).toEqual([]);
  });

  it('retries a failed entry once, then falls back to the known-good version', async () => {
    const t = setup({}, { [entryOf('2.0.0')]: 'entry-404', [entryOf('1.0.0')]: 'works' });
    await expect(t.run()).resolves.toMatchObject({ version: '1.0.0' });
    expect(t.element.textContent).toBe('chat 1.0.0');
    expect(t.loads).toEqual([entryOf('2.0.0'), entryOf('2.0.0'), entryOf('1.0.0')]);
    expect(t.reports.map((r) => `${r.stage}:${r.version}`)).toEqual(['load:2.0.0', 'load:2.0.0']);
  });

  it('falls back when mount throws, reporting each failed mount', async () => {
    const t = setup({}, { [entryOf('2.0.0')]: 'mount-throws', [entryOf('1.0.0')]: 'works' });
    await expect(t.run()).resolves.toMatchObject({ version: '1.0.0' });
    expect(t.element.textContent).toBe('chat 1.0.0');
    expect(t.reports.map((r) => `${r.stage}:${r.version}`)).toEqual(['mount:2.0.0', 'mount:2.0.0']);
    expect(t.reports[0]!.message).toContain('mount of 2.0.0 exploded');
  });

  it('gives up (null) when no version works, after trying each in order', async () => {
    const t = setup({}, { [entryOf('2.0.0')]: 'entry-404', [entryOf('1.0.0')]: 'mount-throws' });
    await expect(t.run()).resolves.toBeNull();
    expect(t.reports.map((r) => `${r.stage}:${r.version}`)).toEqual(['load:2.0.0', 'load:2.0.0', 'mount:1.0.0']);
    expect(t.element.textContent).toBe('');
  });

  it('gives up at once for an area with no live version', async () => {
    const t = setup({ version: null, entry: null, fallback: null }, {});
    await expect(t.run()).resolves.toBeNull();
    expect(t.loads).toEqual([]);
  });

  it('can start over after a failure (the retry button)', async () => {
    const behaviours: Record<string, Behaviour> = { [entryOf('2.0.0')]: 'entry-404' };
    const t = setup({ fallback: null }, behaviours);
    await expect(t.run()).resolves.toBeNull();
    behaviours[entryOf('2.0.0')] = 'works';
    t.plan.reset();
    await expect(t.run()).resolves.toMatchObject({ version: '2.0.0' });
  });
});
