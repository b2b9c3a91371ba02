import { observer } from 'mobx-react-lite';
import { toasts } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Popconfirm } from '@qiming/sdk/ui/feedback';
import { Tag } from '@qiming/sdk/ui/display';
import type { ImageResult, ImageTask } from '@qiming/sdk/contracts';
import { usePainterStore } from '../painterContext';
import { isActive } from '../painterStore';
import { t } from '../../i18n';
import styles from '../painter.module.css';
import { ResultGrid } from './ResultGrid';
import { DescribeResults, MidjourneyActions } from './TaskActions';
import { TaskProgress, TaskStatus } from './TaskStatus';

/** What the task was, when its prompt does not say it (混图, 识图, 换脸) or it acted on another (U2, V3, 🔄). */
function kindLabel(task: ImageTask): string | null {
  if (task.action === 'reroll') return t('painter.kind.reroll');
  if (task.action) {
    const n = Number(task.action.slice(1));
    return task.action.startsWith('U') ? t('painter.kind.upscale', { n }) : t('painter.kind.variation', { n });
  }
  if (task.kind === 'blend') return t('painter.tab.blend');
  if (task.kind === 'describe') return t('painter.tab.describe');
  if (task.kind === 'swapFace') return t('painter.tab.swapFace');
  if (task.kind === 'img2img') return t('painter.tab.img2img');
  return null;
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getMonth() + 1}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface Props {
  task: ImageTask;
  onOpen(task: ImageTask, result: ImageResult): void;
}

/** One task: what was asked, its live state, its pictures and what can be done with them. */
export const TaskCard = observer(function TaskCard({ task, onOpen }: Props) {
  const store = usePainterStore();
  const label = kindLabel(task);
  const remove = async () => {
    try {
      await store.remove(task);
      toasts.success(t('painter.task.deleted'));
    } catch {
      // the request client has shown why
    }
  };
  return (
    <article className={styles.task} data-testid="task-card" data-task-id={task.id} data-status={task.status}>
      <div className={styles.taskHead}>
        <p className={styles.taskPrompt}>{task.prompt || label}</p>
        <Popconfirm title={t('painter.task.deleteConfirm')} okText={t('painter.task.deleteOk')} cancelText={t('painter.task.cancel')} okButtonProps={{ danger: true }} onConfirm={remove}>
          <Button size="small" type="text" danger>
            {t('painter.task.delete')}
          </Button>
        </Popconfirm>
      </div>
      <div className={styles.taskMeta}>
        {task.prompt && label && <Tag>{label}</Tag>}
        <span>{task.modelName || task.model}</span>
        {task.offlineDemo && (
          <Tag color="orange" title={t('painter.offlineDemoHint')}>
            {t('painter.offlineDemo')}
          </Tag>
        )}
        <TaskStatus task={task} />
        {task.points > 0 && <span>{t('painter.task.points', { points: task.points })}</span>}
        <span>{timeOf(task.createTime)}</span>
      </div>
      {isActive(task) && <TaskProgress task={task} />}
      <ResultGrid task={task} onOpen={(result) => onOpen(task, result)} />
      <DescribeResults task={task} onUse={(text) => store.useDescription(text)} />
      {task.status === 'succeeded' && <MidjourneyActions task={task} onAction={(action) => store.act(task, action)} />}
    </article>
  );
});
