import { createAreaLifecycles } from '@qiming/sdk';
import { AreaRouter, preloadRoutePage } from '@qiming/sdk/ui';
import { t } from './i18n';
import { pages } from './pages';

export default createAreaLifecycles({
  area: 'pay',
  version: __AREA_VERSION__,
  prepare: () => preloadRoutePage(pages(), window.location.pathname),
  render: () => <AreaRouter area="pay" version={__AREA_VERSION__} pages={pages()} />,
  messages: t,
});
