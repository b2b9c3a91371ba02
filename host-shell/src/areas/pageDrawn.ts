let markDrawn: () => void = () => {};
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

/** The page's content has drawn: the route's area (or its error panel), or the host's own page. */
export function markPageDrawn(): void {
  markDrawn();
}

/** Resolves once the page has drawn: what a visitor did not come for (announcements, promos) waits for it, off the critical path. */
export function pageDrawn(): Promise<void> {
  return drawn;
}
