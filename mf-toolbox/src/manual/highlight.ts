export const HIT_ATTRIBUTE = 'data-hit';

/** Removes the marks `highlight` added, restoring the text as it was. */
export function clearHighlights(root: HTMLElement): void {
  for (const mark of Array.from(root.querySelectorAll(`mark[${HIT_ATTRIBUTE}]`))) {
    const parent = mark.parentNode!;
    parent.replaceChild(document.createTextNode(mark.textContent ?? ''), mark);
    parent.normalize();
  }
}

/**
 * Marks every occurrence of `query` (case-insensitive) in the text under `root` with
 * `<mark data-hit>` and returns the marks in document order; an empty query only clears.
 */
export function highlight(root: HTMLElement, query: string): HTMLElement[] {
  clearHighlights(root);
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  const marks: HTMLElement[] = [];
  for (const text of texts) {
    const value = text.data;
    const lower = value.toLowerCase();
    let at = lower.indexOf(needle);
    if (at < 0) continue;
    const fragment = document.createDocumentFragment();
    let from = 0;
    while (at >= 0) {
      fragment.append(value.slice(from, at));
      const mark = document.createElement('mark');
      mark.setAttribute(HIT_ATTRIBUTE, '');
      mark.textContent = value.slice(at, at + needle.length);
      fragment.append(mark);
      marks.push(mark);
      from = at + needle.length;
      at = lower.indexOf(needle, from);
    }
    fragment.append(value.slice(from));
    text.replaceWith(fragment);
  }
  return marks;
}
