import { t, type HostMessageKey } from '../i18n';
import styles from './shell.module.css';

const AREA_NAMES: Record<string, HostMessageKey> = {
  chat: 'area.chat',
  account: 'area.account',
  pay: 'area.pay',
  toolbox: 'area.toolbox',
  media: 'area.media',
};

export function AreaErrorPanel({ area, onRetry }: { area: string; onRetry(): void }) {
  const name = AREA_NAMES[area];
  return (
    <div className={styles.notice} data-testid="area-error-panel" data-area={area} role="alert">
      <h2>{t('area.failed', { area: name ? t(name) : area })}</h2>
      <p>{t('area.failedDetail')}</p>
      <button type="button" className={styles.primaryButton} onClick={onRetry}>
        {t('area.retry')}
      </button>
    </div>
  );
}
