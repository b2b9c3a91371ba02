import { createAreaDialogs } from '@qiming/sdk';
import { UiProvider } from '@qiming/sdk/ui';
import { t } from './i18n';
import { PayDialogs } from './PayDialogs';

export default createAreaDialogs(
  (opening) => (
    <UiProvider>
      <PayDialogs opening={opening} />
    </UiProvider>
  ),
  t,
);
