import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { eventBus } from '@qiming/sdk';
import { t } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';

/** spec platform §4: when the session is gone, offer to log in again or stay on the page. */
export function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);

  useEffect(() => eventBus.on('auth:required', () => setOpen(window.location.pathname !== '/loginPage')), []);

  if (!open) return null;
  return (
    <ConfirmDialog
      title={t('session.title')}
      message={t('session.message')}
      confirmText={t('session.relogin')}
      onCancel={() => setOpen(false)}
      onConfirm={() => {
        setOpen(false);
        navigateToUrl('/loginPage');
      }}
    />
  );
}
