import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { autorun } from 'mobx';
import { getInstance, registerPlugins } from '@module-federation/enhanced/runtime';
import { i18n, loadAccount, request, sdkInstance, sdkText, setSiteConfig, theme, type Registry } from '@qiming/sdk';
import { loadRegistry, type RegistrySource } from './registry/registryClient';
import { inlinedRegistry } from './registry/inlineRegistry';
import { VersionPlan } from './federation/versionPlan';
import { areaFallbackPlugin } from './federation/areaFallbackPlugin';
import { reportRemoteFailure } from './federation/failureReporter';
import type { Federation } from './federation/federation';
import { registerAreas } from './areas/registerAreas';
import { removeFirstFrame } from './areas/areaSkeleton';
import { pageDrawn } from './areas/pageDrawn';
import { loadDialogsOn } from './areas/areaDialogs';
import { ShellApp } from './shell/ShellApp';
import { providedOnDemand } from './federation/providedModules';
import { announcements } from './announcements/announcementsStore';
import { captureInstallPrompt } from './dialogs/installPrompt';
import { applyGuards } from './guards/guards';
import { t } from './i18n';
import { registerServiceWorker } from './sw/registerServiceWorker';

/** The site's config and language for the SDK and every area, loaded before anything draws text. */
async function applySiteLanguage(registry: Registry) {
  setSiteConfig(registry.site);
  i18n.setLocale(registry.site.locale);
  await Promise.all([t.ready(), sdkText.ready()]);
  document.title = t('brand');
}

async function boot() {
  // Kept reachable so the build provides these shared modules (see providedModules.ts).
  if (providedOnDemand.length === 0) throw new Error('no provided modules');
  document.documentElement.dataset.sdkInstance = sdkInstance.id;
  captureInstallPrompt();
  const { registry, source }: { registry: Registry; source: RegistrySource } = __USE_BUILT_IN_REGISTRY__
    ? { registry: __DEFAULT_REGISTRY__, source: 'defaults' }
    : await loadRegistry({ inlined: inlinedRegistry(), fetch: window.fetch.bind(window), storage: window.localStorage, defaults: __DEFAULT_REGISTRY__ });
  document.documentElement.dataset.registrySource = source;
  await applySiteLanguage(registry);
  request.markInitialised();
  if (!(await applyGuards(registry.site))) return removeFirstFrame();
  autorun(() => document.documentElement.style.setProperty('--qm-primary', theme.primaryHex));

  const federation = getInstance();
  if (!federation) throw new Error('module federation runtime is not initialised');
  const plans = new Map(registry.areas.map((area) => [area.container, new VersionPlan(area)]));
  registerPlugins([areaFallbackPlugin(plans, reportRemoteFailure)]);
  federation.registerRemotes(
    [...plans.values()].flatMap((plan) => {
      const first = plan.current();
      return first ? [{ name: plan.container, entry: first.entry }] : [];
    }),
  );

  const outlet = document.getElementById('qm-areas')!;
  const hostPage = document.createElement('div');
  hostPage.id = 'qm-host-page';
  outlet.append(hostPage);
  registerAreas(registry, plans, outlet, federation as unknown as Federation, reportRemoteFailure);
  loadDialogsOn(['invite:open', 'pay:open'], 'mf_pay', federation as unknown as Federation);

  createRoot(document.getElementById('qm-shell')!).render(<ShellApp registry={registry} hostPage={hostPage} />);
  start({ urlRerouteOnly: true });
  void loadAccount();
  // Not needed to read or type: fetched once the page has drawn, so it does not compete with the area's files.
  void pageDrawn().then(() => announcements.load());
  // Caches the host and the areas at these versions for the next visit, once this one is usable.
  void pageDrawn().then(() =>
    registerServiceWorker(registry, { enabled: __SERVICE_WORKER__, isSecureContext: window.isSecureContext, serviceWorker: navigator.serviceWorker }),
  );
}

boot().catch((error) => {
  console.error('[host] boot failed', error);
  removeFirstFrame();
  document.getElementById('qm-shell')!.textContent = t('boot.failed');
});
