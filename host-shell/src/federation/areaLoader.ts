import type { AreaLifecycles } from '@qiming/sdk';
import { APP_EXPOSE, errorMessage, type Federation, type ReportFailure } from './federation';
import type { VersionPlan } from './versionPlan';

export interface MountedArea {
  version: string | null;
  lifecycles: AreaLifecycles;
}

function asLifecycles(module: unknown): AreaLifecycles {
  const candidate = (module as { default?: unknown } | null)?.default ?? module;
  const lifecycles = candidate as Partial<AreaLifecycles> | null;
  if (!lifecycles || typeof lifecycles.mount !== 'function' || typeof lifecycles.unmount !== 'function') {
    throw new Error('the remote does not expose single-spa lifecycles at ./app');
  }
  return lifecycles as AreaLifecycles;
}

const bootstrapped = new WeakSet<AreaLifecycles>();

/**
 * Loads and mounts an area, moving down its version plan on every failure (load failures are
 * handled inside loadRemote by the fallback plugin, mount failures here). Resolves null when no
 * version could be mounted; the caller then shows the error panel.
 */
export async function mountArea(plan: VersionPlan, element: HTMLElement, federation: Federation, report: ReportFailure): Promise<MountedArea | null> {
  const id = `${plan.container}/${APP_EXPOSE}`;
  while (plan.current()) {
    let lifecycles: AreaLifecycles;
    try {
      lifecycles = asLifecycles(await federation.loadRemote(id));
    } catch (error) {
      console.error(`[area ${plan.area.area}] no version could be loaded`, error);
      return null;
    }
    const attempt = plan.current();
    try {
      if (!bootstrapped.has(lifecycles)) {
        await lifecycles.bootstrap?.();
        bootstrapped.add(lifecycles);
      }
      await lifecycles.mount({ domElement: element });
      return { version: attempt?.version ?? null, lifecycles };
    } catch (error) {
      report({ area: plan.area.area, version: attempt?.version ?? null, stage: 'mount', message: errorMessage(error), entry: attempt?.entry ?? null });
      element.replaceChildren();
      const next = plan.advance();
      if (!next) return null;
      federation.registerRemotes([{ name: plan.container, entry: next.entry }], { force: true });
    }
  }
  return null;
}
