/**
 * The gallery's masonry layout, as plain arithmetic (no DOM): every tile's box is known from the
 * image's width and height before it loads, so the grid never reflows when thumbnails arrive and
 * only the tiles near the viewport need to exist.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MasonryLayout {
  boxes: Box[];
  /** Indices of the items in each column, top to bottom (so their `y` grows): what the visible-range search walks. */
  columns: number[][];
  columnWidth: number;
  /** The tallest column: the grid's height. */
  height: number;
}

export interface Sized {
  width: number;
  height: number;
}

export const GAP = 12;
/** Very tall or very wide pictures are cropped to these height/width ratios so no tile becomes a sliver or a tower. */
export const MIN_RATIO = 0.5;
export const MAX_RATIO = 2.2;

/** 2 columns on phones, then 3, 4 and 5 as the grid widens (the page column is at most 1168 px). */
export function columnCount(containerWidth: number): number {
  if (containerWidth < 600) return 2;
  if (containerWidth < 860) return 3;
  if (containerWidth < 1080) return 4;
  return 5;
}

/** A tile's height for a column width: the picture's own ratio, clamped; a square when the size is unknown. */
export function tileHeight(item: Sized, columnWidth: number): number {
  const ratio = item.width > 0 && item.height > 0 ? item.height / item.width : 1;
  return Math.round(columnWidth * Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio)));
}

/** Places each item, in order, at the foot of the shortest column (the leftmost when several tie). */
export function layoutMasonry(items: readonly Sized[], containerWidth: number, columnTotal = columnCount(containerWidth), gap = GAP): MasonryLayout {
  const columnWidth = Math.max(0, (containerWidth - gap * (columnTotal - 1)) / columnTotal);
  const heights = new Array<number>(columnTotal).fill(0);
  const columns = Array.from({ length: columnTotal }, () => [] as number[]);
  const boxes: Box[] = new Array(items.length);
  for (let index = 0; index < items.length; index++) {
    let shortest = 0;
    for (let column = 1; column < columnTotal; column++) if (heights[column]! < heights[shortest]!) shortest = column;
    const height = tileHeight(items[index]!, columnWidth);
    const y = heights[shortest]!;
    boxes[index] = { x: shortest * (columnWidth + gap), y, width: columnWidth, height };
    heights[shortest] = y + height + gap;
    columns[shortest]!.push(index);
  }
  const tallest = Math.max(0, ...heights);
  return { boxes, columns, columnWidth, height: items.length > 0 ? tallest - gap : 0 };
}

/** In one column (indices by growing y): the first position whose box ends below `top`. */
function firstEndingBelow(column: readonly number[], boxes: readonly Box[], top: number): number {
  let low = 0;
  let high = column.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const box = boxes[column[middle]!]!;
    if (box.y + box.height <= top) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The items whose boxes intersect [top, bottom), in index order: a binary search per column for the
 * first box reaching into the range, then a walk down that column until a box starts below it.
 */
export function visibleRange(layout: MasonryLayout, top: number, bottom: number): number[] {
  const visible: number[] = [];
  for (const column of layout.columns) {
    for (let position = firstEndingBelow(column, layout.boxes, top); position < column.length; position++) {
      const index = column[position]!;
      if (layout.boxes[index]!.y >= bottom) break;
      visible.push(index);
    }
  }
  return visible.sort((a, b) => a - b);
}
