import { registerApplication } from 'single-spa';
import { ownerOfPath, type Registry } from '@qiming/sdk';
import type { Federation, ReportFailure } from '../federation/federation';
import type { VersionPlan } from '../federation/versionPlan';
import { resilientArea } from './resilientArea';

/** One single-spa application per area, active exactly on the paths the registry says it owns. */
export function registerAreas(registry: Registry, plans: Map<string, VersionPlan>, outlet: HTMLElement, federation: Federation, report: ReportFailure): void {
  for (const plan of plans.values()) {
    const { area } = plan.area;
    const domElement = document.createElement('div');
    domElement.id = `qm-area-${area}`;
    domElement.hidden = true;
    outlet.append(domElement);
    registerApplication({
      name: area,
      app: async () => resilientArea(plan, federation, report),
      activeWhen: (location) => ownerOfPath(location.pathname, registry.areas) === area,
      customProps: { domElement },
    });
  }
}
