import { starPercent } from './ranking';
import styles from './models.module.css';

/** A model's capability rating out of 10, drawn as five stars. */
export function Stars({ value }: { value: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={`能力评分 ${value}/10`} title={`能力评分 ${value}/10`}>
      <span className={styles.starsFill} style={{ width: `${starPercent(value)}%` }} />
    </span>
  );
}
