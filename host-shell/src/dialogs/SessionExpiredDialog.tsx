import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { eventBus } from '@qiming/sdk';
import { ConfirmDialog } from './ConfirmDialog';

/** spec platform §4: when the session is gone, offer to log in again or stay on the page. */
export function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);

  useEffect(() => eventBus.on('auth:required', () => setOpen(window.location.pathname !== '/loginPage')), []);

  if (!open) return null;
  return (
    <ConfirmDialog
      title="系统提示"
      message="登录状态已过期，您可以继续留在该页面，或者重新登录"
      confirmText="重新登录"
      onCancel={() => setOpen(false)}
      onConfirm={() => {
        setOpen(false);
        navigateToUrl('/loginPage');
      }}
    />
  );
}
