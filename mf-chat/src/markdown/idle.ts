/** An idle task waits at most this long: a finished block is enhanced soon even on a busy page. */
const IDLE_TIMEOUT_MS = 300;

/**
 * Runs `task` when the browser has nothing else to do (or after IDLE_TIMEOUT_MS at the latest), so
 * a block's math and highlighting are drawn between stream updates, not in their frames.
 * Answers a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
