/**
 * Route patterns as the registry serves them: "/" (exact), "/a/b" (exact), "/a/:param" (one
 * segment), "/a/*" (anything below /a). Paths are compared without a trailing slash.
 */
export function matchRoute(pattern: string, pathname: string): boolean {
  return specificity(pattern, pathname) !== null;
}

/** Higher is more specific; null when the pattern does not match. */
function specificity(pattern: string, pathname: string): number | null {
  const want = segments(pattern);
  const have = segments(pathname);
  let score = 0;
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '*') return i < have.length ? score : null;
    const actual = have[i];
    if (actual === undefined) return null;
    if (part.startsWith(':')) score += 1;
    else if (part === actual) score += 2;
    else return null;
  }
  return want.length === have.length ? score + 1 : null;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

export interface RouteOwner {
  area: string;
  routes: string[];
}

/** The area whose most specific pattern matches the path (e.g. /toolBox/building → media, not toolbox). */
export function ownerOfPath(pathname: string, owners: readonly RouteOwner[]): string | null {
  let best: { area: string; score: number } | null = null;
  for (const owner of owners) {
    for (const pattern of owner.routes) {
      const score = specificity(pattern, pathname);
      if (score !== null && (!best || score > best.score)) best = { area: owner.area, score };
    }
  }
  return best?.area ?? null;
}
