// What in-page.js puts on window.__gallery (times are the page's performance.now(), in ms).

export interface GalleryScrollFigures {
  start: number;
  end: number;
  /** When the end of the gallery was reached and the way back began. */
  bottomAt: number | null;
  frames: number;
  /** Time between consecutive animation frames. */
  gaps: number[];
  /** Time spent at the bottom waiting for the next page. */
  waitedMs: number;
  maxTiles: number;
  images: number;
  /** Long tasks (> 50 ms) during the run: when (ms after its start) and how long. */
  longTasks: Array<{ at: number; duration: number }>;
  scrollHeight: number;
}

declare global {
  interface Window {
    __gallery: {
      state: { longTasks: Array<{ start: number; duration: number }>; tileLoads: Record<string, number> };
      firstScreen(count: number): number | null;
      scrollRun(speed: number, expected: number, timeoutMs: number): Promise<GalleryScrollFigures>;
      scroller(): Element;
    };
  }
}
