import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { visibleRange, type MasonryLayout } from './masonry';

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

/**
 * The tiles to render: those within one screen above and below the viewport. One scroll listener
 * for the whole document (capture phase, so it hears whichever element scrolls the page) that only
 * asks for an animation frame; the frame reads the grid's position once and sets state only when
 * the set of tiles changed. `onNearEnd` is called when the end of the grid is within one screen.
 */
export function useVisibleTiles(grid: RefObject<HTMLElement | null>, layout: MasonryLayout, onNearEnd: () => void): number[] {
  const [visible, setVisible] = useState<number[]>([]);
  const latest = useRef({ layout, onNearEnd, visible });
  latest.current = { layout, onNearEnd, visible };
  const frame = useRef(0);

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

  return visible;
}
