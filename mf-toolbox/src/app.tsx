import { createAreaLifecycles } from '@qiming/sdk';
import { AreaRouter } from '@qiming/sdk/ui';
import { t } from './i18n';
import { pages } from './pages';

export default createAreaLifecycles({
  area: 'toolbox',
  version: __AREA_VERSION__,
  render: () => <AreaRouter area="toolbox" version={__AREA_VERSION__} pages={pages()} />,
  messages: t,
});
