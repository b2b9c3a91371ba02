/**
 * Where a tall capture is cut into PDF pages: at the last message boundary that fits on the page,
 * or, when one message is taller than a page, exactly at the page's end. Returns the page starts.
 */
export function pageBreaks(totalHeight: number, pageHeight: number, boundaries: readonly number[]): number[] {
  if (totalHeight <= 0 || pageHeight <= 0) return [0];
  const sorted = [...boundaries].filter((y) => y > 0 && y < totalHeight).sort((a, b) => a - b);
  const starts = [0];
  let start = 0;
  while (totalHeight - start > pageHeight) {
    const limit = start + pageHeight;
    // a boundary too close to the page's start would leave an almost empty page: only use one past its first quarter.
    const fitting = sorted.filter((y) => y > start + pageHeight / 4 && y <= limit);
    start = fitting.length > 0 ? fitting[fitting.length - 1]! : limit;
    starts.push(start);
  }
  return starts;
}
