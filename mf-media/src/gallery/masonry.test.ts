import { GAP, columnCount, layoutMasonry, tileHeight, visibleRange, type MasonryLayout } from './masonry';

describe('column count', () => {
  it('is 2 on a 390 px phone and 5 in the 1440 px desktop page column', () => {
    expect(columnCount(390 - 32)).toBe(2);
    expect(columnCount(700)).toBe(3);
    expect(columnCount(1000)).toBe(4);
    // At 1440 px the page column is 1200 px less its 16 px padding.
    expect(columnCount(1200 - 32)).toBe(5);
  });
});

describe('masonry layout', () => {
  it('puts each item at the foot of the shortest column, leftmost on ties', () => {
    // Three columns of 100 px, no gap, to keep the numbers plain.
    const items = [
      { width: 100, height: 200 }, // column 0, ends at 200
      { width: 100, height: 100 }, // column 1, ends at 100
      { width: 100, height: 150 }, // column 2, ends at 150
      { width: 100, height: 100 }, // column 1 (100 is shortest), ends at 200
      { width: 100, height: 50 }, // column 2 (150), ends at 200
      { width: 100, height: 100 }, // all at 200: column 0
    ];
    const layout = layoutMasonry(items, 300, 3, 0);
    expect(layout.boxes.map((box) => [box.x, box.y, box.height])).toEqual([
      [0, 0, 200],
      [100, 0, 100],
      [200, 0, 150],
      [100, 100, 100],
      [200, 150, 50],
      [0, 200, 100],
    ]);
    expect(layout.columns).toEqual([[0, 5], [1, 3], [2, 4]]);
    expect(layout.height).toBe(300);
  });

  it('sizes tiles from width/height before any image loads, with gaps, clamping extreme ratios', () => {
    const layout = layoutMasonry([{ width: 1024, height: 1024 }, { width: 768, height: 1360 }, { width: 100, height: 1000 }, { width: 0, height: 0 }], 2 * 200 + GAP, 2);
    expect(layout.columnWidth).toBe(200);
    expect(layout.boxes.map((box) => box.height)).toEqual([200, 354, 440, 200]);
    expect(layout.boxes[1]!.x).toBe(200 + GAP);
    expect(layout.boxes[2]!.y).toBe(200 + GAP);
    expect(tileHeight({ width: 1000, height: 10 }, 200)).toBe(100);
  });

  it('is empty for no items', () => {
    expect(layoutMasonry([], 1000).height).toBe(0);
  });
});

describe('visible range', () => {
  const bruteForce = (layout: MasonryLayout, top: number, bottom: number) =>
    layout.boxes.flatMap((box, index) => (box.y < bottom && box.y + box.height > top ? [index] : []));

  it('finds the items intersecting the window by binary search in each column', () => {
    const layout = layoutMasonry(
      [
        { width: 1, height: 2 },
        { width: 1, height: 1 },
        { width: 1, height: 1 },
        { width: 1, height: 1 },
      ],
      200,
      2,
      0,
    );
    // Column 0: item 0 [0,200), item 3 [200,300); column 1: item 1 [0,100), item 2 [100,200).
    expect(visibleRange(layout, 150, 250)).toEqual([0, 2, 3]);
    expect(visibleRange(layout, 100, 200)).toEqual([0, 2]);
    expect(visibleRange(layout, 300, 900)).toEqual([]);
  });

  it('agrees with checking every box, for thousands of items at any scroll position', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const items = Array.from({ length: 5000 }, () => ({ width: 512, height: Math.round(256 + random() * 768) }));
    const layout = layoutMasonry(items, 1168);
    expect(layout.columns).toHaveLength(5);
    for (let i = 0; i < 200; i++) {
      const top = random() * layout.height;
      const bottom = top + random() * 3000;
      expect(visibleRange(layout, top, bottom)).toEqual(bruteForce(layout, top, bottom));
    }
  });
});
