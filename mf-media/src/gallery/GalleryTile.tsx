import { memo, useEffect, useState } from 'react';
import type { SharedImage } from '@qiming/sdk/contracts';
import type { Box } from './masonry';
import { LikeButton } from './LikeButton';
import { t } from '../i18n';
import styles from './gallery.module.css';

interface Props {
  image: SharedImage;
  box: Box;
  index: number;
  /** Flicking past: the placeholder colour until the page slows down (a thumbnail once shown stays). */
  deferImage: boolean;
  onOpen(imageId: string): void;
  onLike(imageId: string): void;
}

/** One picture of the masonry, placed absolutely; the author and ♥ show on hover (always on touch screens). */
export const GalleryTile = memo(function GalleryTile({ image, box, index, deferImage, onOpen, onLike }: Props) {
  const [withImage, setWithImage] = useState(!deferImage);
  useEffect(() => {
    if (!deferImage) setWithImage(true);
  }, [deferImage]);
  return (
    <div
      className={styles.tile}
      style={{ width: box.width, height: box.height, transform: `translate(${box.x}px, ${box.y}px)` }}
      data-testid="gallery-tile"
      data-index={index}
      data-image-id={image.imageId}
    >
      <button type="button" className={styles.open} onClick={() => onOpen(image.imageId)} aria-label={t('gallery.openLabel', { name: image.author })}>
        {withImage ? <img className={styles.thumb} src={image.thumbUrl} alt={image.prompt} width={Math.round(box.width)} height={box.height} loading="lazy" decoding="async" draggable={false} /> : null}
      </button>
      {image.offlineDemo ? <span className={styles.demoTag}>{t('gallery.offlineDemo')}</span> : null}
      <div className={styles.overlay}>
        <span className={styles.author}>{image.author}</span>
        <LikeButton variant="tile" liked={image.liked} likes={image.likes} onToggle={() => onLike(image.imageId)} />
      </div>
    </div>
  );
});
