import { useEffect, useRef } from 'react';
import { t } from '../i18n';
import styles from './dialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmText: string;
  cancelText?: string;
  onConfirm(): void;
  onCancel(): void;
}

/** The host's confirm box (the host carries no UI kit): focus on confirm, Esc or 取消 cancels. */
export function ConfirmDialog({ title, message, confirmText, cancelText = t('dialog.cancel'), onConfirm, onCancel }: ConfirmDialogProps) {
  const confirm = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    confirm.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);

  return (
    <div className={styles.backdrop} onClick={onCancel}>
      <div className={styles.dialog} role="alertdialog" aria-modal="true" aria-labelledby="qm-confirm-title" aria-describedby="qm-confirm-message" onClick={(event) => event.stopPropagation()} data-testid="confirm-dialog">
        <h2 id="qm-confirm-title" className={styles.title}>
          {title}
        </h2>
        <p id="qm-confirm-message" className={styles.message}>
          {message}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={onCancel}>
            {cancelText}
          </button>
          <button type="button" className={styles.confirm} ref={confirm} onClick={onConfirm}>
            {confirmText}
          </button>
        </div>
      </div>
    </div>
  );
}
