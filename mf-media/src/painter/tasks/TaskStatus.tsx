import type { ImageTask } from '@qiming/sdk/contracts';
import { t } from '../../i18n';
import styles from '../painter.module.css';

/** 排队中 / 生成中 n% / 成功 / 失败：why, in the page's language. */
export function statusTextOf(task: ImageTask): string {
  switch (task.status) {
    case 'queued':
      return t('painter.status.queued');
    case 'running':
      return t('painter.status.running', { progress: Math.round(task.progress) });
    case 'succeeded':
      return t('painter.status.succeeded');
    case 'failed':
      return task.error ? t('painter.status.failedWith', { error: task.error }) : t('painter.status.failed');
  }
}

export function TaskStatus({ task }: { task: ImageTask }) {
  return (
    <span className={task.status === 'failed' ? styles.failed : undefined} data-testid="task-status">
      {statusTextOf(task)}
    </span>
  );
}

/** The live bar of a queued or running task. */
export function TaskProgress({ task }: { task: ImageTask }) {
  const percent = task.status === 'running' ? Math.max(2, Math.min(100, Math.round(task.progress))) : 0;
  return (
    <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={statusTextOf(task)}>
      <div className={styles.progressBar} style={{ width: `${percent}%` }} />
    </div>
  );
}
