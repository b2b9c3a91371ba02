import { useEffect, useState } from 'react';
import { eventBus, type AppEvents, type DialogOpening } from '@qiming/sdk';
import { InviteDialog } from './invite/InviteDialog';
import { PayDialog } from './pay/PayDialog';
import { payApi, type PayApi } from './pay/payApi';
import { pointsApi } from './points/pointsApi';

/** One opening of the pay dialog; a new `session` mounts a fresh dialog (reopening starts afresh). */
interface PayOpening {
  open: boolean;
  session: number;
  reason?: string;
}

/** The pay area's page-wide dialogs, opened from any area through the event bus. */
export function PayDialogs({ opening, api = payApi }: { opening: DialogOpening; api?: PayApi }) {
  const [inviteOpen, setInviteOpen] = useState(opening.event === 'invite:open');
  const [pay, setPay] = useState<PayOpening>(() =>
    opening.event === 'pay:open' ? { open: true, session: 1, reason: (opening.payload as AppEvents['pay:open'] | undefined)?.reason } : { open: false, session: 0 },
  );

  useEffect(() => {
    const offInvite = eventBus.on('invite:open', () => setInviteOpen(true));
    // While the dialog is open (maybe with an order waiting) another pay:open changes nothing.
    const offPay = eventBus.on('pay:open', ({ reason }) => setPay((current) => (current.open ? current : { open: true, session: current.session + 1, reason })));
    // An ended session closes both: their calls can only fail now, and the user goes to log in.
    const offExpired = eventBus.on('session:expired', () => {
      setInviteOpen(false);
      setPay((current) => ({ ...current, open: false }));
    });
    return () => {
      offInvite();
      offPay();
      offExpired();
    };
  }, []);

  return (
    <>
      <InviteDialog open={inviteOpen} onClose={() => setInviteOpen(false)} api={pointsApi} />
      <PayDialog key={pay.session} open={pay.open} reason={pay.reason} onClose={() => setPay((current) => ({ ...current, open: false }))} api={api} />
    </>
  );
}
