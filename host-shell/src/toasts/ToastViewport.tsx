import { observer } from 'mobx-react-lite';
import { toasts, type Toast } from '@qiming/sdk';
import styles from './toasts.module.css';

const ICONS: Record<Toast['kind'], string> = { info: 'ℹ', success: '✓', error: '✕', warn: '!' };

/** The page's toasts (the SDK's toast store): stacked at the top, paused while hovered. */
export const ToastViewport = observer(function ToastViewport() {
  const visible = toasts.items.filter((toast) => toast.visible);
  if (!visible.length) return null;
  return (
    <div className={styles.viewport} style={{ top: visible[0]!.top }} role="status" aria-live="polite">
      {visible.map((toast) => (
        <div
          key={toast.id}
          className={`${styles.toast} ${styles[toast.kind]}`}
          data-testid="toast"
          data-kind={toast.kind}
          onMouseEnter={() => toasts.pause(toast.id)}
          onMouseLeave={() => toasts.resume(toast.id)}
        >
          <span className={styles.icon} aria-hidden="true">
            {ICONS[toast.kind]}
          </span>
          {toast.message}
        </div>
      ))}
    </div>
  );
});
