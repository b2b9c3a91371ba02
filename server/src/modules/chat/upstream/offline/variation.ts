/**
 * Deterministic variation: everything the offline model varies is picked from a seed hashed from
 * the question and the model id, never from Math.random or the clock, so the same request always
 * gives the same answer.
 */

/** FNV-1a, 32 bits, over UTF-16 code units (fast and stable; not for security). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A seed per (seed, salt): each choice in an answer uses its own salt so choices do not move together. */
export function mix(seed: number, salt: number): number {
  let x = (seed ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

export function pick<T>(items: readonly T[], seed: number, salt: number): T {
  return items[mix(seed, salt) % items.length]!;
}

/** `count` distinct items in their original order. */
export function pickSome<T>(items: readonly T[], count: number, seed: number, salt: number): T[] {
  const ranked = items.map((item, index) => ({ item, index, rank: mix(seed, salt * 131 + index) }));
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.item);
}
