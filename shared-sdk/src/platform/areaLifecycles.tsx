import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { eventBus } from '../events/eventBus';

export interface AreaMountProps {
  /** The element the host gives this area. */
  domElement: HTMLElement;
}

/** single-spa lifecycles, which is what `loadRemote('<area>/app')` returns. */
export interface AreaLifecycles {
  bootstrap(props?: unknown): Promise<void>;
  mount(props: AreaMountProps): Promise<void>;
  unmount(props?: unknown): Promise<void>;
}

export interface AreaDefinition {
  area: string;
  version: string;
  render(): ReactNode;
  /** The area's translator: its language resource is loaded before the first render. */
  messages?: { ready(): Promise<void> };
  /** Work before each mount's first render (the route's page code: `preloadRoutePage`); a failure is left to the render. */
  prepare?(): Promise<unknown>;
}

function CommitSignal({ onCommit, children }: { onCommit(): void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return <>{children}</>;
}

/**
 * Wraps an area's React tree in single-spa lifecycles around one React root. `mount` settles only
 * once the first render has committed, and rejects if that render throws, so the host can tell a
 * broken area from a working one and fall back.
 */
export function createAreaLifecycles(definition: AreaDefinition): AreaLifecycles {
  let root: Root | null = null;
  /** Counts mounts and unmounts: a mount whose `prepare` outlived an unmount renders nothing. */
  let generation = 0;

  return {
    async bootstrap() {
      await definition.messages?.ready();
    },

    async mount(props) {
      const element = props?.domElement;
      if (!(element instanceof HTMLElement)) {
        throw new Error(`area ${definition.area}: mount needs a domElement`);
      }
      const mine = ++generation;
      await definition.prepare?.().catch(() => undefined);
      if (mine !== generation) return;
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        const fail = (error: unknown) => {
          if (settled) {
            console.error(`[area ${definition.area}] uncaught error`, error);
            return;
          }
          settled = true;
          const failedRoot = root;
          root = null;
          queueMicrotask(() => failedRoot?.unmount());
          reject(error instanceof Error ? error : new Error(String(error)));
        };
        const committed = () => {
          if (settled) return;
          settled = true;
          element.dataset.area = definition.area;
          element.dataset.areaVersion = definition.version;
          eventBus.emit('area:mounted', { area: definition.area, version: definition.version });
          resolve();
        };
        root = createRoot(element, { onUncaughtError: fail });
        try {
          root.render(<CommitSignal onCommit={committed}>{definition.render()}</CommitSignal>);
        } catch (error) {
          fail(error);
        }
      });
    },

    async unmount() {
      generation++;
      root?.unmount();
      root = null;
    },
  };
}
