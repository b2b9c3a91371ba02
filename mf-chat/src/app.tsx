import { createAreaLifecycles } from '@qiming/sdk';
import { AreaRouter } from '@qiming/sdk/ui';
import { pages } from './pages';

export default createAreaLifecycles({
  area: 'chat',
  version: __AREA_VERSION__,
  render: () => <AreaRouter area="chat" version={__AREA_VERSION__} pages={pages} />,
});
