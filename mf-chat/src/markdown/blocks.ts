/**
 * Splits markdown into top-level blocks at blank lines outside fences (``` / ~~~) and $$ math, so a
 * streamed answer re-renders only its open tail: every block before the last is finished and its
 * rendered HTML is reused. The split resumes where the previous one stopped when the new text
 * extends the old (a stream only appends), so each update costs the tail, not the whole answer.
 */
export interface SplitState {
  /** The text split so far. */
  text: string;
  /** Finished blocks (each ends before a blank line that closes it). */
  closed: string[];
  /** Where the open tail starts in `text`. */
  tailStart: number;
}

export const EMPTY_SPLIT: SplitState = { text: '', closed: [], tailStart: 0 };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The blocks of `text`: finished ones, then the open tail (maybe ''). */
export function splitBlocks(text: string, previous: SplitState = EMPTY_SPLIT): { state: SplitState; blocks: string[] } {
  const resume = text.startsWith(previous.text) && previous.text.length > 0;
  const closed = resume ? [...previous.closed] : [];
  let start = resume ? previous.tailStart : 0;

  let fence: string | null = null;
  let inMath = false;
  let lineStart = start;
  let sawContent = false;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    // The last line is not known to be finished until its newline arrives.
    if (newline === -1) break;
    const line = text.slice(lineStart, newline);
    const trimmed = line.trim();
    if (fence) {
      if (trimmed.startsWith(fence) && trimmed.replace(/[`~]/g, '') === '') fence = null;
    } else if (inMath) {
      if (trimmed.endsWith('$$')) inMath = false;
    } else {
      const opened = FENCE.exec(line);
      if (opened) fence = opened[1]!;
      else if (trimmed.startsWith('$$') && !(trimmed.length > 2 && trimmed.endsWith('$$'))) inMath = true;
      else if (trimmed === '') {
        // The blank line ends the block before it; blank lines between blocks belong to none.
        if (sawContent) closed.push(text.slice(start, lineStart - 1));
        start = newline + 1;
        sawContent = false;
        lineStart = newline + 1;
        continue;
      }
    }
    if (trimmed !== '') sawContent = true;
    lineStart = newline + 1;
  }
  const state: SplitState = { text, closed, tailStart: start };
  return { state, blocks: [...closed, text.slice(start)] };
}
