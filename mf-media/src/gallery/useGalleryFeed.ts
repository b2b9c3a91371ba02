import { useCallback, useEffect, useReducer, useRef } from 'react';
import { IMAGE_LIMITS } from '@qiming/sdk';
import type { GalleryPage, GallerySort, LikeState, SharedImage } from '@qiming/sdk/contracts';
import type { GalleryApi } from '../api/galleryApi';
import { requireLogin } from './login';

export type FeedStatus = 'loading' | 'idle' | 'failed';

export interface FeedState {
  sort: GallerySort;
  items: SharedImage[];
  /** The last page loaded (0 before the first). */
  pageNo: number;
  total: number;
  status: FeedStatus;
  /** Every page is loaded. */
  done: boolean;
}

type Action =
  | { type: 'reset'; sort: GallerySort }
  | { type: 'loading' }
  | { type: 'loaded'; pageNo: number; page: GalleryPage }
  | { type: 'failed' }
  | { type: 'patch'; imageId: string; patch: Partial<SharedImage> }
  | { type: 'removed'; imageId: string };

const initial = (sort: GallerySort): FeedState => ({ sort, items: [], pageNo: 0, total: 0, status: 'loading', done: false });

/**
 * Appends a page without the images already shown: while one scrolls, new shares (newest) or new
 * likes (most liked) shift the server's order, so a page may repeat images of the previous one.
 */
export function appendPage(items: readonly SharedImage[], incoming: readonly SharedImage[]): SharedImage[] {
  const seen = new Set(items.map((item) => item.imageId));
  const fresh = incoming.filter((item) => !seen.has(item.imageId) && seen.add(item.imageId));
  return fresh.length ? [...items, ...fresh] : (items as SharedImage[]);
}

const isLastPage = (page: GalleryPage, pageNo: number) => page.list.length === 0 || pageNo * IMAGE_LIMITS.galleryPageSize >= page.total;

function reduce(state: FeedState, action: Action): FeedState {
  switch (action.type) {
    case 'reset':
      return initial(action.sort);
    case 'loading':
      return { ...state, status: 'loading' };
    case 'loaded': {
      const { page, pageNo } = action;
      return { ...state, items: appendPage(state.items, page.list), pageNo, total: page.total, status: 'idle', done: isLastPage(page, pageNo) };
    }
    case 'failed':
      return { ...state, status: 'failed' };
    case 'patch':
      return { ...state, items: state.items.map((item) => (item.imageId === action.imageId ? { ...item, ...action.patch } : item)) };
    case 'removed':
      return { ...state, items: state.items.filter((item) => item.imageId !== action.imageId), total: Math.max(0, state.total - 1) };
  }
}

export interface GalleryFeed extends FeedState {
  setSort(sort: GallerySort): void;
  /** The next page, unless one is loading, all are loaded, or the last attempt failed (that needs `retry`). */
  loadMore(): void;
  retry(): void;
  /** Likes or unlikes at once, then takes the server's exact count; rolls back when the call fails. Signed out: asks to log in. */
  toggleLike(imageId: string): void;
  /** The owner's 取消分享; the tile goes once the server agrees. Rejects when it did not. */
  unshare(imageId: string): Promise<void>;
}

/** The gallery's images in one sort order, page by page, with the likes and unshares made here. */
export function useGalleryFeed(api: GalleryApi, firstSort: GallerySort = 'newest'): GalleryFeed {
  const [state, dispatch] = useReducer(reduce, firstSort, initial);
  const current = useRef(state);
  current.current = state;
  // Answers of a sort order left behind (or of an unmounted page) are dropped by this count.
  const generation = useRef(0);
  const inFlight = useRef(false);
  // Where paging stands, set when an answer arrives: a frame may ask for more before React has
  // re-rendered with that answer, and must not ask for the same page again.
  const cursor = useRef({ pageNo: 0, done: false, failed: false });
  const liking = useRef(new Set<string>());

  const fetchNext = useCallback(() => {
    const { sort } = current.current;
    const asked = generation.current;
    const next = cursor.current.pageNo + 1;
    inFlight.current = true;
    cursor.current.failed = false;
    dispatch({ type: 'loading' });
    api.list({ pageNo: next, pageSize: IMAGE_LIMITS.galleryPageSize, sort }).then(
      (page) => {
        if (asked !== generation.current) return;
        inFlight.current = false;
        cursor.current = { pageNo: next, done: isLastPage(page, next), failed: false };
        dispatch({ type: 'loaded', pageNo: next, page });
      },
      () => {
        if (asked !== generation.current) return;
        inFlight.current = false;
        cursor.current.failed = true;
        dispatch({ type: 'failed' });
      },
    );
  }, [api]);

  useEffect(() => {
    cursor.current = { pageNo: 0, done: false, failed: false };
    fetchNext();
    return () => {
      generation.current++;
      inFlight.current = false;
    };
  }, [fetchNext, state.sort]);

  const loadMore = useCallback(() => {
    const { done, failed, pageNo } = cursor.current;
    if (inFlight.current || done || failed || pageNo === 0) return;
    fetchNext();
  }, [fetchNext]);

  const retry = useCallback(() => {
    if (!inFlight.current) fetchNext();
  }, [fetchNext]);

  const setSort = useCallback((sort: GallerySort) => {
    if (sort === current.current.sort) return;
    // The effect on `sort` loads page 1 of the new order; its cleanup drops the old order's answer.
    current.current = initial(sort);
    dispatch({ type: 'reset', sort });
  }, []);

  const toggleLike = useCallback(
    (imageId: string) => {
      if (!requireLogin()) return;
      const image = current.current.items.find((item) => item.imageId === imageId);
      // One call per image at a time: a second tap while the first is on its way would race it.
      if (!image || liking.current.has(imageId)) return;
      liking.current.add(imageId);
      const before = { liked: image.liked, likes: image.likes };
      const wanted = !image.liked;
      dispatch({ type: 'patch', imageId, patch: { liked: wanted, likes: Math.max(0, image.likes + (wanted ? 1 : -1)) } });
      (wanted ? api.like(imageId) : api.unlike(imageId))
        .then(
          (answer: LikeState) => dispatch({ type: 'patch', imageId, patch: { liked: answer.liked, likes: answer.likes } }),
          // The request client has said why.
          () => dispatch({ type: 'patch', imageId, patch: before }),
        )
        .finally(() => liking.current.delete(imageId));
    },
    [api],
  );

  const unshare = useCallback(
    async (imageId: string) => {
      await api.unshare(imageId);
      dispatch({ type: 'removed', imageId });
    },
    [api],
  );

  return { ...state, setSort, loadMore, retry, toggleLike, unshare };
}
