import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { session } from '@qiming/sdk';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Empty } from '@qiming/sdk/ui/display';
import { usePainterStore } from '../painterContext';
import { requireLogin } from '../login';
import { t } from '../../i18n';
import styles from '../painter.module.css';
import { ImageViewer, type ViewedImage } from './ImageViewer';
import { TaskCard } from './TaskCard';

/** The right (phones: bottom) panel: the user's tasks, newest first, live while they draw. */
export const TaskList = observer(function TaskList() {
  const store = usePainterStore();
  const [viewing, setViewing] = useState<number | null>(null);
  // Every picture on the list in order, so the viewer's prev/next walks across tasks.
  const images: ViewedImage[] = store.tasks.flatMap((task) => [...task.results].sort((a, b) => a.index - b.index).map((result) => ({ task, result })));

  if (!session.isLoggedIn) {
    return (
      <section className={styles.panel}>
        <Result status="info" subTitle={t('painter.tasks.signedOut')} extra={<Button type="primary" onClick={() => requireLogin()}>{t('painter.tasks.signIn')}</Button>} />
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-label={t('painter.tasks.title')}>
      <div className={styles.listHeader}>
        <h2>{t('painter.tasks.title')}</h2>
        {store.total > 0 && <span className={styles.muted}>{store.total}</span>}
      </div>
      {!store.tasksLoaded && store.loadingTasks ? (
        <div className={styles.center}>
          <Spin />
        </div>
      ) : store.tasks.length === 0 ? (
        <Empty description={t('painter.tasks.empty')} />
      ) : (
        <div className={styles.tasks}>
          {store.tasks.map((task) => (
            <TaskCard key={task.id} task={task} onOpen={(_, result) => setViewing(images.findIndex((image) => image.result.id === result.id))} />
          ))}
        </div>
      )}
      {store.hasMore && (
        <div className={styles.center}>
          <Button loading={store.loadingTasks} onClick={() => void store.loadTasks(true)}>
            {t('painter.tasks.more')}
          </Button>
        </div>
      )}
      <ImageViewer images={images} index={viewing !== null && viewing < images.length ? viewing : null} onIndex={setViewing} />
    </section>
  );
});
