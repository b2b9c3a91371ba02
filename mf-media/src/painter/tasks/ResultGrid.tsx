import type { ImageResult, ImageTask } from '@qiming/sdk/contracts';
import { t } from '../../i18n';
import styles from '../painter.module.css';

interface Props {
  task: ImageTask;
  onOpen(result: ImageResult): void;
}

/** The task's pictures as thumbnails (2×2 for four); placeholders of the right shape while it draws. */
export function ResultGrid({ task, onOpen }: Props) {
  const ratio = `${task.width || 1} / ${task.height || 1}`;
  if (task.results.length === 0) {
    if (task.status === 'failed' || task.kind === 'describe') return null;
    const placeholders = task.kind === 'txt2img' || task.kind === 'img2img' ? Math.max(1, task.count) : task.kind === 'imagine' || task.action === 'reroll' || task.action?.startsWith('V') ? 4 : 1;
    return (
      <div className={styles.grid} data-count={placeholders} aria-hidden="true">
        {Array.from({ length: placeholders }, (_, index) => (
          <div key={index} className={styles.placeholderTile} style={{ aspectRatio: ratio }} />
        ))}
      </div>
    );
  }
  const results = [...task.results].sort((a, b) => a.index - b.index);
  return (
    <div className={styles.grid} data-count={results.length}>
      {results.map((result) => (
        <button key={result.id} type="button" className={styles.tile} style={{ aspectRatio: `${result.width || 1} / ${result.height || 1}` }} aria-label={t('painter.result.open', { n: result.index })} onClick={() => onOpen(result)}>
          <img src={result.thumbUrl || result.url} alt={task.prompt} loading="lazy" />
          {results.length > 1 && <span className={styles.tileIndex}>{result.index}</span>}
        </button>
      ))}
    </div>
  );
}
