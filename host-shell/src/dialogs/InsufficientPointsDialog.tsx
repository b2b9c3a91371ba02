import { useEffect, useState } from 'react';
import { copyText, eventBus, request } from '@qiming/sdk';
import type { InviteInfo } from '@qiming/sdk/contracts';
import { signInToday } from '../account/signIn';
import { t } from '../i18n';
import styles from './dialog.module.css';

/**
 * spec chat §8 "Insufficient points notice": top up, daily check-in, invite friends, or wait for the
 * 03:00 refresh; with the user's invite link and a copy button. Opened by any code-602 answer.
 * One dialog at a time: 充值积分 closes it and only then opens the pay dialog (whose QR code waits
 * for the user to ask for it).
 */
export function InsufficientPointsDialog() {
  const [open, setOpen] = useState(false);
  const [invite, setInvite] = useState<InviteInfo | null>(null);

  useEffect(
    () =>
      eventBus.on('points:insufficient', () => {
        setOpen(true);
        request.get<InviteInfo>('system/user/inviteInfo').then((answer) => setInvite(answer?.data ?? null), () => setInvite(null));
      }),
    [],
  );

  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <div className={styles.backdrop} onClick={close}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="qm-insufficient-title" onClick={(event) => event.stopPropagation()} data-testid="insufficient-points">
        <h2 id="qm-insufficient-title" className={styles.title}>
          {t('insufficient.title')}
        </h2>
        <p className={styles.message}>{t('insufficient.message')}</p>
        <ul className={styles.options}>
          <li>
            <button type="button" className={styles.confirm} onClick={() => (close(), eventBus.emit('pay:open', { reason: 'points' }))}>
              {t('insufficient.topUp')}
            </button>
            {t('insufficient.topUpDetail')}
          </li>
          <li>
            <button type="button" className={styles.cancel} onClick={() => void signInToday()}>
              {t('insufficient.signIn')}
            </button>
            {t('insufficient.signInDetail')}
          </li>
          <li>
            <button type="button" className={styles.cancel} onClick={() => (close(), eventBus.emit('invite:open', {}))}>
              {t('insufficient.invite')}
            </button>
            {t('insufficient.inviteDetail')}
          </li>
          <li>{t('insufficient.wait')}</li>
        </ul>
        {invite ? (
          <div className={styles.inviteLink}>
            <code>{invite.inviteLink}</code>
            <button type="button" className={styles.cancel} onClick={() => void copyText(invite.inviteLink)}>
              {t('insufficient.copyLink')}
            </button>
          </div>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={close}>
            {t('dialog.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
