import { starPercent } from './ranking';
import { t } from '../i18n';
import styles from './models.module.css';

/** A model's capability rating out of 10, drawn as five stars. */
export function Stars({ value }: { value: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={t('models.rating', { value })} title={t('models.rating', { value })}>
      <span className={styles.starsFill} style={{ width: `${starPercent(value)}%` }} />
    </span>
  );
}
