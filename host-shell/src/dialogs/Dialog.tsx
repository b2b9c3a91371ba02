import { useEffect, useId, type ReactNode } from 'react';
import { t } from '../i18n';
import styles from './dialog.module.css';

export interface DialogProps {
  title: ReactNode;
  /** px; spec platform §9: 640 by default (the contact dialog is 600). */
  width?: number;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** false when the footer has its own 关闭 (the notice): one close control per dialog. */
  closeButton?: boolean;
  testId?: string;
}

/**
 * The host's content dialog: 640 × up to 480 px by default, full screen in windows narrower than
 * 980 px (spec platform §4); Esc, the × and a click outside close it.
 */
export function Dialog({ title, width = 640, onClose, children, footer, closeButton = true, testId }: DialogProps) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        className={styles.frame}
        style={{ width }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
        data-testid={testId}
      >
        <header className={styles.frameHeader}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {closeButton ? (
            <button type="button" className={styles.close} aria-label={t('dialog.close')} onClick={onClose}>
              ×
            </button>
          ) : null}
        </header>
        <div className={styles.body}>{children}</div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </div>
  );
}
