import { createRoot, type Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import type { AreaLifecycles } from '@qiming/sdk';
import { mountArea, type MountedArea } from '../federation/areaLoader';
import type { Federation, ReportFailure } from '../federation/federation';
import type { VersionPlan } from '../federation/versionPlan';
import { AreaErrorPanel } from '../shell/AreaErrorPanel';
import { areaSkeleton, removeFirstFrame } from './areaSkeleton';
import { markPageDrawn } from './pageDrawn';

interface AreaProps {
  domElement: HTMLElement;
}

/**
 * An area may keep a page alive (spec platform §2: only the image-generation page is): while
 * `keepsAlive()` says so, leaving the area hides it (`hide`, then the element is hidden) instead of
 * unmounting it, and coming back shows it again (`show`) without a new mount.
 */
export interface KeepAliveLifecycles extends AreaLifecycles {
  keepsAlive?(): boolean;
  hide?(): Promise<void>;
  show?(): Promise<void>;
}

const keptAlive = (lifecycles: AreaLifecycles | undefined): lifecycles is Required<KeepAliveLifecycles> => {
  const area = lifecycles as KeepAliveLifecycles | undefined;
  return !!area?.keepsAlive && !!area.hide && !!area.show && area.keepsAlive();
};

/**
 * The single-spa application of one area. It never lets a broken remote reach single-spa (which
 * would mark the app broken for the rest of the page's life): load and mount failures walk the
 * version plan, and when nothing works the area shows its error panel with a retry button.
 */
export function resilientArea(plan: VersionPlan, federation: Federation, report: ReportFailure): LifeCycles<AreaProps> {
  let mounted: MountedArea | null = null;
  let panel: Root | null = null;
  /** Hidden behind another area's page, still mounted. */
  let hidden = false;

  async function show(element: HTMLElement): Promise<void> {
    mounted = await mountArea(plan, element, federation, report);
    if (mounted) return;
    element.dataset.area = plan.area.area;
    element.dataset.areaVersion = '';
    panel = createRoot(element);
    panel.render(
      <AreaErrorPanel
        area={plan.area.area}
        onRetry={() => {
          panel?.unmount();
          panel = null;
          const first = plan.reset();
          if (first) federation.registerRemotes([{ name: plan.container, entry: first.entry }], { force: true });
          void show(element);
        }}
      />,
    );
  }

  return {
    bootstrap: async () => {},
    mount: async ({ domElement }) => {
      if (hidden && mounted) {
        hidden = false;
        domElement.hidden = false;
        await (mounted.lifecycles as Required<KeepAliveLifecycles>).show();
        return;
      }
      hidden = false;
      domElement.hidden = false;
      // The page's outline from the first paint until the area has drawn (or its error panel shows).
      const skeleton = areaSkeleton(plan.area.area, window.location.pathname);
      domElement.before(skeleton);
      removeFirstFrame();
      try {
        await show(domElement);
      } finally {
        skeleton.remove();
        markPageDrawn();
      }
    },
    unmount: async ({ domElement }) => {
      if (mounted && keptAlive(mounted.lifecycles)) {
        await mounted.lifecycles.hide();
        hidden = true;
        domElement.hidden = true;
        return;
      }
      await mounted?.lifecycles.unmount();
      mounted = null;
      panel?.unmount();
      panel = null;
      domElement.hidden = true;
    },
  };
}
