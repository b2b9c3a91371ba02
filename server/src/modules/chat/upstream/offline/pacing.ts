/** Waits `ms`, or less when the signal aborts; never rejects, and clears its timer either way. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** Resolves when the signal aborts (the stall fault waits on nothing else, so no timer is left behind). */
export function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** The text in pieces of `size` UTF-16 units, one more where a cut would split a surrogate pair. */
export function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end++;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** No pacing at all: 0 and Infinity both mean "as fast as possible" (tests, benchmarks). */
export const paced = (tokensPerSecond: number) => tokensPerSecond > 0 && Number.isFinite(tokensPerSecond);

/**
 * The pause before each piece, so that `tokens` tokens take `tokens / tokensPerSecond` seconds,
 * shared among the pieces by length (counting each piece's tokens would cost more than it tells).
 */
export function pausesFor(pieces: readonly string[], tokens: number, tokensPerSecond: number): number[] {
  const totalLength = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (!paced(tokensPerSecond) || totalLength === 0) return pieces.map(() => 0);
  const msPerUnit = (tokens / tokensPerSecond) * 1000 / totalLength;
  return pieces.map((piece) => piece.length * msPerUnit);
}
