import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { errorMessage, type ReportFailure } from './federation';
import type { VersionPlan } from './versionPlan';

/**
 * Module-federation runtime plugin: when an area's container fails to load (manifest or entry
 * missing, script error, expose missing), report it and answer the same `loadRemote` call with the
 * area's next version — the retry, then the last known-good one. When no version is left, the
 * original error reaches the caller, which shows the area's error panel.
 */
export function areaFallbackPlugin(plans: Map<string, VersionPlan>, report: ReportFailure): ModuleFederationRuntimePlugin {
  return {
    name: 'qiming-area-fallback',
    async errorLoadRemote({ id, error, origin }) {
      const container = id.split('/')[0] ?? '';
      const plan = plans.get(container);
      if (!plan) return undefined;
      const failed = plan.current();
      report({ area: plan.area.area, version: failed?.version ?? null, stage: 'load', message: errorMessage(error), entry: failed?.entry ?? null });
      const next = plan.advance();
      if (!next) return undefined;
      origin.registerRemotes([{ name: container, entry: next.entry }], { force: true });
      return origin.loadRemote(id);
    },
  };
}
