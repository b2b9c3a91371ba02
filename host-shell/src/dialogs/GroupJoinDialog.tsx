import { copyText } from '@qiming/sdk';
import { t } from '../i18n';
import { Dialog } from './Dialog';
import { useContactInfo } from './useContactInfo';
import styles from './dialog.module.css';

/** spec platform §9: the group toast stays 15 s (long enough to switch to WeChat/QQ and paste). */
export const GROUP_TOAST_MS = 15_000;

/** 加入交流群: the user group's number (CONTACT_GROUP) and QR code (CONTACT_QR_URL). */
export function GroupJoinDialog({ onClose }: { onClose(): void }) {
  const { contact, failed } = useContactInfo();
  const none = contact && !contact.group && !contact.qrUrl;
  return (
    <Dialog title={t('group.title')} onClose={onClose} testId="group-dialog">
      {failed ? <p className={styles.message}>{t('contact.failed')}</p> : null}
      {!contact && !failed ? <p className={styles.message}>{t('dialog.loading')}</p> : null}
      {none ? <p className={styles.message}>{t('group.none')}</p> : null}
      {contact?.group ? (
        <p className={styles.message}>
          {t('group.number')}
          <code>{contact.group}</code>{' '}
          <button type="button" className={styles.confirm} onClick={() => void copyText(contact.group!, { message: t('group.copied', { group: contact.group! }), durationMs: GROUP_TOAST_MS })}>
            {t('group.copy')}
          </button>
        </p>
      ) : null}
      {contact?.qrUrl ? (
        <p className={styles.qr}>
          <img src={contact.qrUrl} alt={t('contact.qrAlt')} width={200} height={200} />
          {t('contact.qrCaption')}
        </p>
      ) : null}
    </Dialog>
  );
}
