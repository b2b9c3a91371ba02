import { useState } from 'react';
import { Modal } from '@qiming/sdk/ui/feedback';
import styles from './chat.module.css';

/** Asks for a new conversation title (loaded on first use). */
export default function RenameDialog({ title, onDone, onCancel }: { title: string; onDone(title: string): void; onCancel(): void }) {
  const [value, setValue] = useState(title);
  return (
    <Modal open title="重命名对话" okText="确定" cancelText="取消" onCancel={onCancel} onOk={() => onDone(value)}>
      <input className={styles.renameInput} value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} aria-label="对话标题" autoFocus />
    </Modal>
  );
}
