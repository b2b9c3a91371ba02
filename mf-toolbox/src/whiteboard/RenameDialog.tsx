import { useEffect, useState } from 'react';
import { WHITEBOARD_LIMITS } from '@qiming/sdk/contracts';
import { Input } from '@qiming/sdk/ui/form';
import { Modal } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';

export interface RenameDialogProps {
  /** The current title; null when closed. */
  title: string | null;
  onRename(title: string): Promise<void>;
  onClose(): void;
}

/** 重命名: the title, 1–50 characters. */
export function RenameDialog({ title, onRename, onClose }: RenameDialogProps) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(title ?? ''), [title]);
  const trimmed = value.trim();
  const problem = !trimmed ? t('whiteboard.titleRequired') : trimmed.length > WHITEBOARD_LIMITS.title ? t('whiteboard.titleTooLong', { max: WHITEBOARD_LIMITS.title }) : null;

  const submit = async () => {
    if (problem) return;
    setBusy(true);
    try {
      await onRename(trimmed);
      onClose();
    } catch {
      // The SDK showed the server's refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={title !== null} title={t('whiteboard.rename')} okText={t('whiteboard.renameOk')} cancelText={t('common.cancel')} onOk={() => void submit()} onCancel={onClose} okButtonProps={{ disabled: !!problem, loading: busy }} destroyOnHidden>
      <Input value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={() => void submit()} aria-label={t('whiteboard.titleLabel')} status={problem && value ? 'error' : undefined} autoFocus />
      {problem && value ? <div style={{ color: '#ff4d4f', marginTop: 4, fontSize: 12 }}>{problem}</div> : null}
    </Modal>
  );
}
