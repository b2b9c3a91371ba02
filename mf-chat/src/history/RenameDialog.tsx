import { useState } from 'react';
import { Modal } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import styles from '../chat/chat.module.css';

/** Asks for a new conversation title (loaded on first use). */
export default function RenameDialog({ title, onDone, onCancel }: { title: string; onDone(title: string): void; onCancel(): void }) {
  const [value, setValue] = useState(title);
  return (
    <Modal open title={t('history.renameTitle')} okText={t('common.ok')} cancelText={t('common.cancel')} onCancel={onCancel} onOk={() => onDone(value)}>
      <input className={styles.renameInput} value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} aria-label={t('history.titleLabel')} autoFocus />
    </Modal>
  );
}
