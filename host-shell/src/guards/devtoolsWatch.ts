/** spec platform §4: checked every 500 ms; more than 2 hits raise the alarm. */
export const CHECK_MS = 500;
export const MAX_HITS = 2;

/**
 * Counts the checks at which developer tools look open and calls `onDetected` once, at the third
 * hit. Hits need not be consecutive: a panel toggled open and shut still adds up.
 */
export function watchDevtools(isOpen: () => boolean, onDetected: () => void, intervalMs = CHECK_MS): () => void {
  let hits = 0;
  const handle = setInterval(() => {
    if (!isOpen()) return;
    hits += 1;
    if (hits > MAX_HITS) {
      clearInterval(handle);
      onDetected();
    }
  }, intervalMs);
  return () => clearInterval(handle);
}
