import { observer } from 'mobx-react-lite';
import { session, toasts } from '@qiming/sdk';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Popconfirm } from '@qiming/sdk/ui/feedback';
import { Empty, Tag } from '@qiming/sdk/ui/display';
import type { VideoTask } from '@qiming/sdk/contracts';
import { requireLogin } from '../painter/login';
import { t } from '../i18n';
import { isActive } from './videoStore';
import { useVideoStore } from './videoContext';
import styles from './video.module.css';

/** 排队中 / 生成中 n% / 成功 / 失败：原因（含退款说明）. */
export function statusTextOf(task: VideoTask): string {
  switch (task.status) {
    case 'queued':
      return t('video.status.queued');
    case 'running':
      return t('video.status.running', { progress: Math.round(task.progress) });
    case 'succeeded':
      return t('video.status.succeeded');
    case 'failed':
      return task.error ? t('video.status.failedWith', { error: task.error }) : t('video.status.failed');
  }
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getMonth() + 1}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const VideoTaskCard = observer(function VideoTaskCard({ task }: { task: VideoTask }) {
  const store = useVideoStore();
  const remove = async () => {
    try {
      await store.remove(task);
      toasts.success(t('video.task.deleted'));
    } catch {
      // the request client has shown why
    }
  };
  const percent = task.status === 'running' ? Math.max(2, Math.min(100, Math.round(task.progress))) : 0;
  const result = task.result;
  return (
    <article className={styles.task} data-testid="video-task" data-task-id={task.id} data-status={task.status}>
      <div className={styles.taskHead}>
        <p className={styles.taskPrompt}>{task.prompt}</p>
        {!isActive(task) && (
          <Popconfirm title={t('video.task.deleteConfirm')} okText={t('video.task.deleteOk')} cancelText={t('video.task.cancel')} okButtonProps={{ danger: true }} onConfirm={remove}>
            <Button size="small" type="text" danger>
              {t('video.task.delete')}
            </Button>
          </Popconfirm>
        )}
      </div>
      <div className={styles.taskMeta}>
        <Tag>{t(`video.kind.${task.kind}`)}</Tag>
        <span>{task.modelName || task.model}</span>
        {task.offlineDemo && (
          <Tag color="orange" title={t('video.offlineDemoHint')}>
            {t('video.offlineDemo')}
          </Tag>
        )}
        <span>{t('video.task.meta', { seconds: task.duration, aspect: task.aspect })}</span>
        <span className={task.status === 'failed' ? styles.over : undefined} data-testid="video-status">
          {statusTextOf(task)}
        </span>
        {task.points > 0 && <span>{t('video.task.points', { points: task.points })}</span>}
        <span>{timeOf(task.createTime)}</span>
      </div>
      {isActive(task) && (
        <>
          <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={statusTextOf(task)}>
            <div className={styles.progressBar} style={{ width: `${percent}%` }} />
          </div>
          <p className={styles.muted}>{t('video.task.waiting')}</p>
        </>
      )}
      {result && (
        <div className={styles.player} style={{ aspectRatio: `${result.width || 16} / ${result.height || 9}` }}>
          <video controls preload="metadata" playsInline poster={result.posterUrl ?? undefined} src={result.url} aria-label={t('video.task.player', { prompt: task.prompt })} data-testid="video-player" />
        </div>
      )}
      {result && (
        <div className={styles.row}>
          <a className={styles.download} href={result.downloadUrl} download={result.downloadName}>
            {t('video.task.download')}
          </a>
        </div>
      )}
    </article>
  );
});

/** The right (phones: bottom) panel: the user's videos, newest first, live while they are made. */
export const VideoTaskList = observer(function VideoTaskList() {
  const store = useVideoStore();
  if (!session.isLoggedIn) {
    return (
      <section className={styles.panel}>
        <Result status="info" subTitle={t('video.tasks.signedOut')} extra={<Button type="primary" onClick={() => requireLogin()}>{t('video.tasks.signIn')}</Button>} />
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-label={t('video.tasks.title')}>
      <div className={styles.listHeader}>
        <h2>{t('video.tasks.title')}</h2>
        {store.total > 0 && <span className={styles.muted}>{store.total}</span>}
      </div>
      {!store.tasksLoaded && store.loadingTasks ? (
        <div className={styles.center}>
          <Spin />
        </div>
      ) : store.tasks.length === 0 ? (
        <Empty description={t('video.tasks.empty')} />
      ) : (
        <div className={styles.tasks}>
          {store.tasks.map((task) => (
            <VideoTaskCard key={task.id} task={task} />
          ))}
        </div>
      )}
      {store.hasMore && (
        <div className={styles.center}>
          <Button loading={store.loadingTasks} onClick={() => void store.loadTasks(true)}>
            {t('video.tasks.more')}
          </Button>
        </div>
      )}
    </section>
  );
});
