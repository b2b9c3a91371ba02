import { createAreaLifecycles } from '@qiming/sdk';
import { AreaRouter, preloadRoutePage } from '@qiming/sdk/ui';
import { readConversationEarly } from './chat/earlyConversation';
import { t } from './i18n';
import { pages } from './pages';

readConversationEarly(window.location);

export default createAreaLifecycles({
  area: 'chat',
  version: __AREA_VERSION__,
  prepare: () => preloadRoutePage(pages(), window.location.pathname),
  messages: t,
  render: () => <AreaRouter area="chat" version={__AREA_VERSION__} pages={pages()} />,
});
