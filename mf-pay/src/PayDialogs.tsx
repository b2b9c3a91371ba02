import { useEffect, useState } from 'react';
import { eventBus, navigateTo, type DialogOpening } from '@qiming/sdk';
import { InviteDialog } from './invite/InviteDialog';
import { pointsApi } from './points/pointsApi';

/**
 * The pay area's page-wide dialogs, opened from any area through the event bus. `pay:open` goes to
 * the /pay page until the QR pay dialog exists (the payment issue).
 */
export function PayDialogs({ opening }: { opening: DialogOpening }) {
  const [inviteOpen, setInviteOpen] = useState(opening.event === 'invite:open');

  useEffect(() => {
    if (opening.event === 'pay:open') navigateTo('/pay');
    const offInvite = eventBus.on('invite:open', () => setInviteOpen(true));
    const offPay = eventBus.on('pay:open', () => navigateTo('/pay'));
    return () => {
      offInvite();
      offPay();
    };
  }, [opening]);

  return <InviteDialog open={inviteOpen} onClose={() => setInviteOpen(false)} api={pointsApi} />;
}
