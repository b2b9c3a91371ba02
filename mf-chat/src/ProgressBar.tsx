import styles from './progressBar.module.css';

/** A small inline progress bar with its percentage (uploads, read-aloud). */
export function ProgressBar({ percent, testId, title }: { percent: number; testId: string; title?: string }) {
  return (
    <span className={styles.progress} data-testid={testId} title={title} role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
      <span className={styles.bar}>
        <span style={{ width: `${percent}%` }} />
      </span>
      {percent}%
    </span>
  );
}
