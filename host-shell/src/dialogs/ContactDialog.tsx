import type { ReactNode } from 'react';
import { copyText, type ContactInfo } from '@qiming/sdk';
import { t } from '../i18n';
import { Dialog } from './Dialog';
import { useContactInfo } from './useContactInfo';
import styles from './dialog.module.css';

/**
 * 联系我们 (opened by `contact:open`): the channels the operator publishes (CONTACT_* on the
 * server), 600 px wide (spec platform §2); says so plainly when none is set.
 */
export function ContactDialog({ onClose }: { onClose(): void }) {
  const { contact, failed } = useContactInfo();
  const none = contact && !contact.email && !contact.wechat && !contact.qrUrl && !contact.note && !contact.group;
  return (
    <Dialog
      title={t('contact.title')}
      width={600}
      onClose={onClose}
      testId="contact-dialog"
    >
      {failed ? <p className={styles.message}>{t('contact.failed')}</p> : null}
      {!contact && !failed ? <p className={styles.message}>{t('dialog.loading')}</p> : null}
      {none ? <p className={styles.message}>{t('contact.none')}</p> : null}
      {contact && !none ? <ContactChannels contact={contact} /> : null}
    </Dialog>
  );
}

/** One channel: its label, the value (or a link to it) and 复制. */
function CopyRow({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <li>
      {label}
      {children ?? <code>{value}</code>}
      <button type="button" className={styles.cancel} onClick={() => void copyText(value)}>
        {t('dialog.copy')}
      </button>
    </li>
  );
}

function ContactChannels({ contact }: { contact: ContactInfo }) {
  return (
    <ul className={styles.options}>
      {contact.email ? (
        <CopyRow label={t('contact.email')} value={contact.email}>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </CopyRow>
      ) : null}
      {contact.wechat ? <CopyRow label={t('contact.wechat')} value={contact.wechat} /> : null}
      {contact.group ? <CopyRow label={t('contact.group')} value={contact.group} /> : null}
      {contact.qrUrl ? (
        <li className={styles.qr}>
          <img src={contact.qrUrl} alt={t('contact.qrAlt')} width={180} height={180} />
          {t('contact.qrCaption')}
        </li>
      ) : null}
      {contact.note ? <li>{contact.note}</li> : null}
    </ul>
  );
}
