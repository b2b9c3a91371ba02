import { eventBus } from '@qiming/sdk';
import { t } from '../i18n';
import styles from './navbar.module.css';

/** The navbar's download button with its tooltip (spec platform §2); opens the download dialog. */
export function DownloadEntry() {
  return (
    <div className={styles.tooltipHost}>
      <button type="button" className={styles.iconButton} aria-label={t('download.entry')} aria-describedby="qm-download-tip" onClick={() => eventBus.emit('download:open', {})} data-testid="download-button">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM4 18h16v2H4z" fill="currentColor" />
        </svg>
      </button>
      <span id="qm-download-tip" role="tooltip" className={styles.tooltip}>
        {t('download.tooltip')}
      </span>
    </div>
  );
}
