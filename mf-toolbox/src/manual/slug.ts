/**
 * Heading ids for deep links (`/instructionPage#积分与价格`): the heading's text, lower-cased, spaces
 * as '-', anything but letters (Chinese included), digits, '-' and '_' dropped; a repeated heading
 * gets -1, -2 … in document order.
 */
export function slugOf(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}_-]/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'section';
}

/** A slug maker for one document: each call's id is unique within it. */
export function slugger(): (text: string) => string {
  const used = new Map<string, number>();
  return (text) => {
    const base = slugOf(text);
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return seen ? `${base}-${seen}` : base;
  };
}

/** The heading id a location hash names (`#%E7%A7%AF…` or `#积分与价格`), or null. */
export function idOfHash(hash: string): string | null {
  const raw = hash.replace(/^#/, '');
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
