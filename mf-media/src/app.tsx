import { observable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { createAreaLifecycles } from '@qiming/sdk';
import { AreaRouter, preloadRoutePage } from '@qiming/sdk/ui';
import { t } from './i18n';
import { pages } from './pages';
import { PainterKeeper } from './painter/keepAlive';
import { painterStore } from './painter/painterContext';

/** false while the host keeps the area alive behind another area's page (see `hide`). */
const routerShown = observable.box(true);

const MediaApp = observer(function MediaApp() {
  return (
    <>
      {routerShown.get() && <AreaRouter area="media" version={__AREA_VERSION__} pages={pages()} />}
      <PainterKeeper />
    </>
  );
});

const lifecycles = createAreaLifecycles({
  area: 'media',
  version: __AREA_VERSION__,
  prepare: () => preloadRoutePage(pages(), window.location.pathname),
  render: () => <MediaApp />,
  messages: t,
});

/**
 * The area's lifecycles, plus the keep-alive the host asks for (host-shell/src/areas/resilientArea):
 * once the painter has been opened, leaving the area hides it instead of unmounting it, so the
 * painter's page is found as it was. Hidden, the router is taken down (no page of this area renders
 * for another area's path); the painter lives on in its portal, its polling paused.
 */
export default {
  ...lifecycles,
  mount: (props: Parameters<typeof lifecycles.mount>[0]) => {
    runInAction(() => routerShown.set(true));
    return lifecycles.mount(props);
  },
  keepsAlive: () => painterStore().opened,
  hide: async () => runInAction(() => routerShown.set(false)),
  show: async () => runInAction(() => routerShown.set(true)),
};
