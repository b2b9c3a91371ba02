import { useCallback, useRef, useState } from 'react';
import type { GallerySort } from '@qiming/sdk/contracts';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Empty, Tabs } from '@qiming/sdk/ui/display';
import { useGalleryApi } from '../api/galleryApi';
import { ImageDetailDialog } from './ImageDetailDialog';
import { MasonryGrid } from './MasonryGrid';
import { useGalleryFeed, type GalleryFeed } from './useGalleryFeed';
import { t } from '../i18n';
import styles from './gallery.module.css';

/** Under the grid: loading the next page, its failure with 重试, or the end. */
function FeedFooter({ feed }: { feed: GalleryFeed }) {
  if (feed.status === 'failed') {
    return (
      <div className={styles.footer}>
        <span>{t('gallery.moreFailed')}</span>
        <Button size="small" onClick={feed.retry}>
          {t('gallery.retry')}
        </Button>
      </div>
    );
  }
  if (feed.status === 'loading') {
    return (
      <div className={styles.footer} data-testid="gallery-loading-more">
        <Spin size="small" />
      </div>
    );
  }
  return feed.done ? <div className={styles.footer}>{t('gallery.end')}</div> : null;
}

/** The grid, or the first page's loading, failed and empty states. */
function FeedBody({ feed, onOpen }: { feed: GalleryFeed; onOpen(imageId: string): void }) {
  if (feed.items.length === 0) {
    if (feed.status === 'failed') {
      return (
        <Result
          status="warning"
          title={t('gallery.failed')}
          extra={
            <Button type="primary" onClick={feed.retry}>
              {t('gallery.retry')}
            </Button>
          }
        />
      );
    }
    if (feed.status === 'loading' || !feed.done) {
      return (
        <div className={styles.state} data-testid="gallery-loading">
          <Spin />
        </div>
      );
    }
    return (
      <div className={styles.state}>
        <Empty description={t('gallery.empty')} />
      </div>
    );
  }
  return (
    <>
      <MasonryGrid items={feed.items} onOpen={onOpen} onLike={feed.toggleLike} onNearEnd={feed.loadMore} />
      <FeedFooter feed={feed} />
    </>
  );
}

/** /sharePage 图片广场: shared images, newest or most liked, open to visitors (liking needs login). */
export function GalleryPage() {
  const api = useGalleryApi();
  const feed = useGalleryFeed(api);
  const [openId, setOpenId] = useState<string | null>(null);
  // Looked up in the feed, so a like in the dialog shows on the tile and an unshared image closes it.
  const open = openId === null ? undefined : feed.items.find((item) => item.imageId === openId);
  const onOpen = useCallback((imageId: string) => setOpenId(imageId), []);
  const top = useRef<HTMLDivElement>(null);

  const sortBy = (sort: GallerySort) => {
    // The new order starts at its first picture: back up to the tabs when scrolled past them.
    const tabs = top.current;
    if (tabs && tabs.getBoundingClientRect().top < 0) tabs.scrollIntoView?.();
    feed.setSort(sort);
  };

  return (
    <div ref={top}>
      <Tabs
        className={styles.sortTabs}
        activeKey={feed.sort}
        onChange={(key) => sortBy(key as GallerySort)}
        items={[
          { key: 'newest', label: t('gallery.sortNewest') },
          { key: 'likes', label: t('gallery.sortLikes') },
        ]}
      />
      <FeedBody key={feed.sort} feed={feed} onOpen={onOpen} />
      {open ? <ImageDetailDialog image={open} onClose={() => setOpenId(null)} onLike={feed.toggleLike} onUnshare={feed.unshare} /> : null}
    </div>
  );
}
