import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { toasts } from '@qiming/sdk';
import { Button } from '@qiming/sdk/ui';
import { Switch } from '@qiming/sdk/ui/form';
import { Modal } from '@qiming/sdk/ui/feedback';
import { Tag } from '@qiming/sdk/ui/display';
import type { ImageResult, ImageTask } from '@qiming/sdk/contracts';
import { usePainterStore } from '../painterContext';
import { t } from '../../i18n';
import styles from '../painter.module.css';

export interface ViewedImage {
  task: ImageTask;
  result: ImageResult;
}

/** A download name: the site, the task and the picture's place; the URL's extension when it has one. */
export function downloadName({ task, result }: ViewedImage): string {
  const extension = /\.(png|jpe?g|webp)(?:$|\?)/i.exec(result.url)?.[1]?.toLowerCase() ?? 'png';
  return `qiming-${task.id}-${result.index}.${extension}`;
}

interface Props {
  images: ViewedImage[];
  index: number | null;
  onIndex(index: number | null): void;
}

/** The full picture, with prev/next (also ← →), download, 分享到广场 and 做同款. */
export const ImageViewer = observer(function ImageViewer({ images, index, onIndex }: Props) {
  const store = usePainterStore();
  const shown = index === null ? null : images[index];
  const move = (step: number) => {
    if (index === null || images.length === 0) return;
    onIndex((index + step + images.length) % images.length);
  };
  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') move(-1);
      if (event.key === 'ArrowRight') move(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const share = async (next: boolean) => {
    if (!shown) return;
    try {
      await store.share(shown.result, next);
      toasts.success(next ? t('painter.viewer.shared') : t('painter.viewer.unshared'));
    } catch {
      // the request client has shown why
    }
  };

  return (
    <Modal open={!!shown} onCancel={() => onIndex(null)} footer={null} width="min(960px, 96vw)" centered destroyOnHidden closable={{ 'aria-label': t('painter.viewer.close') }}>
      {shown && (
        <div data-testid="image-viewer">
          <img className={styles.viewerImage} src={shown.result.url} alt={shown.task.prompt} />
          <p className={styles.viewerPrompt}>{shown.task.prompt}</p>
          <div className={styles.viewerBar}>
            <Button disabled={images.length < 2} onClick={() => move(-1)}>
              {t('painter.viewer.prev')}
            </Button>
            <span className={styles.muted}>{t('painter.viewer.position', { index: index! + 1, total: images.length })}</span>
            <Button disabled={images.length < 2} onClick={() => move(1)}>
              {t('painter.viewer.next')}
            </Button>
            <span className={styles.muted}>{t('painter.viewer.size', { width: shown.result.width, height: shown.result.height })}</span>
            {shown.task.offlineDemo && <Tag color="orange">{t('painter.offlineDemo')}</Tag>}
            <span className={styles.spacer} />
            <label className={styles.cost}>
              <Switch size="small" checked={shown.result.shared} onChange={(next) => void share(next)} aria-label={t('painter.viewer.share')} />
              {t('painter.viewer.share')}
            </label>
            <Button
              onClick={() => {
                store.fillFromTask(shown.task);
                onIndex(null);
              }}
            >
              {t('painter.viewer.paintLike')}
            </Button>
            <a className={styles.downloadLink} href={shown.result.url} download={downloadName(shown)}>
              {t('painter.viewer.download')}
            </a>
          </div>
        </div>
      )}
    </Modal>
  );
});
