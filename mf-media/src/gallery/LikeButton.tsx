import { t } from '../i18n';
import styles from './gallery.module.css';

interface Props {
  liked: boolean;
  likes: number;
  onToggle(): void;
  /** On a tile (light on a dark overlay) or in the detail view. */
  variant: 'tile' | 'detail';
}

/** ♥ and the count; pressed when the user likes the image. */
export function LikeButton({ liked, likes, onToggle, variant }: Props) {
  return (
    <button
      type="button"
      className={`${styles.like} ${variant === 'tile' ? styles.likeOnTile : styles.likeInDetail} ${liked ? styles.liked : ''}`}
      aria-pressed={liked}
      aria-label={liked ? t('gallery.unlikeLabel', { n: likes }) : t('gallery.likeLabel', { n: likes })}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
      <span>{likes}</span>
    </button>
  );
}
