// Injected into every page of the gallery benchmark before the page's own scripts
// (page.addInitScript). Plain JavaScript on purpose: it is sent as text, so nothing a TypeScript
// loader adds can leak into the page. Every time is performance.now() (0 = navigation start).
// Its API is window.__gallery; the benchmark reads it with page.evaluate.
(() => {
  const TILE = '[data-testid="gallery-tile"]';
  const GRID = '[data-testid="gallery-grid"]';

  const state = {
    longTasks: [],
    /** Tile index → when its thumbnail finished loading. */
    tileLoads: {},
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  // `load` does not bubble; a capturing listener on the document hears every <img>.
  document.addEventListener(
    'load',
    (event) => {
      const img = event.target;
      if (!(img instanceof HTMLImageElement)) return;
      const tile = img.closest(TILE);
      if (tile && state.tileLoads[tile.dataset.index] === undefined) state.tileLoads[tile.dataset.index] = performance.now();
    },
    true,
  );

  /** The element that scrolls the page: the grid's nearest scrolling ancestor, else the document. */
  function scroller() {
    const grid = document.querySelector(GRID);
    for (let node = grid && grid.parentElement; node && node !== document.body; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowY;
      if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
    }
    return document.scrollingElement;
  }

  /** When the first `count` tiles' thumbnails had all loaded (null while some have not). */
  function firstScreen(count) {
    let last = 0;
    for (let i = 0; i < count; i++) {
      const at = state.tileLoads[i];
      if (at === undefined) return null;
      last = Math.max(last, at);
    }
    return last;
  }

  /**
   * Scrolls to the end of the gallery at `speed` px/s (waiting at the bottom while the next page
   * loads, until the grid holds `expected` images and says it has no more), then back to the top at
   * the same speed, counting animation frames. Resolves the frame figures and the long tasks of the
   * run.
   */
  function scrollRun(speed, expected, timeoutMs) {
    const element = scroller();
    const grid = document.querySelector(GRID);
    return new Promise((resolve, reject) => {
      const start = performance.now();
      const gaps = [];
      let last = start;
      let position = element.scrollTop;
      let direction = 1;
      let bottomAt = null;
      let waitedMs = 0;
      let maxTiles = 0;
      const step = (now) => {
        const dt = now - last;
        gaps.push(dt);
        last = now;
        if (gaps.length % 30 === 0) maxTiles = Math.max(maxTiles, grid.querySelectorAll(TILE).length);
        if (now - start > timeoutMs) return reject(new Error(`scrolling did not finish within ${timeoutMs / 1000} s (grid holds ${grid.dataset.count})`));
        const max = element.scrollHeight - element.clientHeight;
        if (direction === 1) {
          const wanted = position + (speed * dt) / 1000;
          if (wanted >= max) {
            position = max;
            const complete = Number(grid.dataset.count) >= expected && !document.querySelector('[data-testid="gallery-loading-more"]');
            if (complete) {
              direction = -1;
              bottomAt = now;
            } else waitedMs += dt;
          } else position = wanted;
        } else {
          position = Math.max(0, position - (speed * dt) / 1000);
        }
        element.scrollTop = position;
        if (direction === -1 && position === 0) {
          const end = performance.now();
          const longTasks = state.longTasks.filter((t) => t.start + t.duration > start && t.start < end).map((t) => ({ at: t.start - start, duration: t.duration }));
          return resolve({ start, end, bottomAt, frames: gaps.length, gaps, waitedMs, maxTiles, images: Number(grid.dataset.count), longTasks, scrollHeight: element.scrollHeight });
        }
        requestAnimationFrame(step);
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(step);
      });
    });
  }

  window.__gallery = { state, firstScreen, scrollRun, scroller };
})();
