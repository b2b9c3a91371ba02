import type { RegistryArea } from '@qiming/sdk';
import type { Federation } from '../federation/federation';
import { VersionPlan } from '../federation/versionPlan';
import { resilientArea, type KeepAliveLifecycles } from './resilientArea';

function setup(keepsAlive: () => boolean) {
  const calls: string[] = [];
  const lifecycles: KeepAliveLifecycles = {
    bootstrap: async () => {},
    mount: async ({ domElement }) => {
      calls.push('mount');
      domElement.textContent = 'media';
    },
    unmount: async () => {
      calls.push('unmount');
    },
    keepsAlive,
    hide: async () => {
      calls.push('hide');
    },
    show: async () => {
      calls.push('show');
    },
  };
  const area: RegistryArea = { area: 'media', container: 'mf_media', version: '1.0.0', entry: 'https://remotes.test/media/1.0.0/remoteEntry.js', fallback: null, routes: ['/painter'] };
  const federation = { loadRemote: async () => ({ default: lifecycles }), registerRemotes: () => {} } as unknown as Federation;
  const app = resilientArea(new VersionPlan(area), federation, () => {});
  const domElement = document.createElement('div');
  return { calls, app, domElement, props: { domElement, name: 'media', singleSpa: {}, mountParcel: () => {} } as never };
}

describe('keep-alive (spec platform §2: only the image-generation page is kept alive)', () => {
  it('hides an area that keeps a page alive instead of unmounting it, and shows it again without a new mount', async () => {
    const { calls, app, domElement, props } = setup(() => true);
    await (app.mount as (p: unknown) => Promise<void>)(props);
    await (app.unmount as (p: unknown) => Promise<void>)(props);
    expect(domElement.hidden).toBe(true);
    expect(domElement.textContent).toBe('media');
    await (app.mount as (p: unknown) => Promise<void>)(props);
    expect(domElement.hidden).toBe(false);
    expect(calls).toEqual(['mount', 'hide', 'show']);
  });

  it('unmounts as before when the area keeps nothing alive', async () => {
    const { calls, app, domElement, props } = setup(() => false);
    await (app.mount as (p: unknown) => Promise<void>)(props);
    await (app.unmount as (p: unknown) => Promise<void>)(props);
    expect(domElement.hidden).toBe(true);
    await (app.mount as (p: unknown) => Promise<void>)(props);
    expect(calls).toEqual(['mount', 'unmount', 'mount']);
  });
});
