import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { visibleRange, type MasonryLayout } from './masonry';

/** Faster than this (screens per second) is a flick: tiles show their placeholder, not their thumbnail. */
const FLICK_SCREENS_PER_SECOND = 4;
/** A flick ends when the page has not moved that fast for this long. */
const FLICK_SETTLE_MS = 150;

const sameIndices = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/** The grid's width, followed with a ResizeObserver (read once before the first paint). */
export function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return;
    setWidth(node.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const next = entries[0]?.contentRect.width;
      if (next !== undefined) setWidth(next);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export interface VisibleTiles {
  indices: number[];
  /** The page is being flicked through: new tiles wait with their thumbnails until it slows down. */
  flicking: boolean;
}

/**
 * The tiles to render: those within one screen above and below the viewport. One scroll listener
 * for the whole document (capture phase, so it hears whichever element scrolls the page) that only
 * asks for an animation frame; the frame reads the grid's position once and sets state only when
 * the set of tiles changed. `onNearEnd` is called when the end of the grid is within one screen.
 * While the page moves faster than FLICK_SCREENS_PER_SECOND, `flicking` is true: loading and
 * decoding every thumbnail passed at that speed would cost the frames and bytes of pictures nobody sees.
 */
export function useVisibleTiles(grid: RefObject<HTMLElement | null>, layout: MasonryLayout, onNearEnd: () => void): VisibleTiles {
  const [visible, setVisible] = useState<number[]>([]);
  const [flicking, setFlicking] = useState(false);
  const latest = useRef({ layout, onNearEnd, visible });
  latest.current = { layout, onNearEnd, visible };
  const frame = useRef(0);
  const motion = useRef({ top: 0, time: 0, flicking: false, settle: 0 as ReturnType<typeof setTimeout> | 0 });

  useLayoutEffect(() => () => clearTimeout(motion.current.settle), []);

  // A layout effect, so a new layout (a page appended, a tile removed, another width) is drawn with
  // its own tiles, never one frame of the old indices.
  useLayoutEffect(() => {
    const measure = () => {
      frame.current = 0;
      const node = grid.current;
      if (!node) return;
      const { layout: shown, onNearEnd: nearEnd, visible: before } = latest.current;
      // Laid out before the grid's width was read: every tile would look "visible" and the end near.
      if (shown.columnWidth <= 0) return;
      const screen = window.innerHeight;
      const viewTop = -node.getBoundingClientRect().top;
      const now = performance.now();
      const moved = motion.current;
      if (moved.time > 0 && now > moved.time && (Math.abs(viewTop - moved.top) / (now - moved.time)) * 1000 > FLICK_SCREENS_PER_SECOND * screen) {
        if (!moved.flicking) setFlicking((moved.flicking = true));
        clearTimeout(moved.settle);
        moved.settle = setTimeout(() => setFlicking((moved.flicking = false)), FLICK_SETTLE_MS);
      }
      moved.top = viewTop;
      moved.time = now;
      const bottom = viewTop + 2 * screen;
      const next = visibleRange(shown, viewTop - screen, bottom);
      if (!sameIndices(next, before)) {
        latest.current.visible = next;
        setVisible(next);
      }
      if (bottom >= shown.height) nearEnd();
    };
    const schedule = () => {
      if (!frame.current) frame.current = requestAnimationFrame(measure);
    };
    measure();
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      document.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [grid, layout]);

  return { indices: visible, flicking };
}
