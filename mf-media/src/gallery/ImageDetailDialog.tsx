import { useState } from 'react';
import { copyText, navigateTo, paintLikePath, toasts } from '@qiming/sdk';
import type { SharedImage } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Modal, Popconfirm } from '@qiming/sdk/ui/feedback';
import { LikeButton } from './LikeButton';
import { useDialogWidth } from './useDialogWidth';
import { t } from '../i18n';
import styles from './gallery.module.css';

interface Props {
  image: SharedImage;
  onClose(): void;
  onLike(imageId: string): void;
  /** The owner's 取消分享; rejects when the server refused (the request client said why). */
  onUnshare(imageId: string): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 2026-11-24 08:20 in the reader's time zone. */
export function shownTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A shared image in full with how it was made, 做同款, download, and the owner's 取消分享. */
export function ImageDetailDialog({ image, onClose, onLike, onUnshare }: Props) {
  const dialog = useDialogWidth(1000);
  const [unsharing, setUnsharing] = useState(false);

  const unshare = async () => {
    setUnsharing(true);
    try {
      await onUnshare(image.imageId);
      toasts.success(t('gallery.unshared'));
      onClose();
    } catch {
      setUnsharing(false);
    }
  };

  const facts: Array<[string, string]> = [
    [t('gallery.model'), image.modelName],
    [t('gallery.aspect'), image.aspect],
    [t('gallery.seed'), image.seed === null ? t('gallery.seedRandom') : String(image.seed)],
    [t('gallery.author'), image.author],
    [t('gallery.sharedAt'), shownTime(image.sharedAt)],
  ];

  return (
    <Modal
      open
      title={null}
      footer={null}
      onCancel={onClose}
      width={dialog.width}
      style={dialog.style}
      className={dialog.phone ? styles.fullScreen : undefined}
      destroyOnHidden
    >
      <div className={styles.detail} data-testid="gallery-detail">
        <div className={styles.detailImage}>
          <img src={image.url} alt={image.prompt} width={image.width} height={image.height} decoding="async" />
          {image.offlineDemo ? <span className={styles.demoTag}>{t('gallery.offlineDemo')}</span> : null}
        </div>
        <div className={styles.detailInfo}>
          <section>
            <div className={styles.detailHeading}>
              <h3>{t('gallery.prompt')}</h3>
              <Button size="small" onClick={() => void copyText(image.prompt, { message: t('gallery.promptCopied') })}>
                {t('gallery.copyPrompt')}
              </Button>
            </div>
            <p className={styles.prompt}>{image.prompt}</p>
          </section>
          {image.negativePrompt ? (
            <section>
              <h3>{t('gallery.negativePrompt')}</h3>
              <p className={styles.prompt}>{image.negativePrompt}</p>
            </section>
          ) : null}
          <dl className={styles.facts}>
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <footer className={styles.detailActions}>
            <LikeButton variant="detail" liked={image.liked} likes={image.likes} onToggle={() => onLike(image.imageId)} />
            <Button type="primary" onClick={() => navigateTo(paintLikePath(image))}>
              {t('gallery.paintLike')}
            </Button>
            <Button href={image.url} download target="_blank" rel="noopener">
              {t('gallery.download')}
            </Button>
            {image.mine ? (
              <Popconfirm
                title={t('gallery.unshareTitle')}
                description={t('gallery.unshareDetail')}
                okText={t('gallery.unshareConfirm')}
                cancelText={t('gallery.cancel')}
                onConfirm={() => void unshare()}
              >
                <Button danger loading={unsharing}>
                  {t('gallery.unshare')}
                </Button>
              </Popconfirm>
            ) : null}
          </footer>
        </div>
      </div>
    </Modal>
  );
}
