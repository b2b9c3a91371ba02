import { parseBlockTokens } from './engine';

/**
 * Splits markdown into top-level blocks as markdown-it sees them (the line ranges of its top-level
 * tokens), so a streamed answer re-renders only its open tail: every block before the last is
 * finished and its rendered HTML is reused. Blank lines inside a fence, a loose list, a `$$` block
 * or indented code are inside a token, so they never split one. The split resumes at the open tail
 * when the new text extends the old (a stream only appends): each update parses the tail, not the
 * whole answer.
 */
export interface SplitState {
  /** The text split so far. */
  text: string;
  /** Finished blocks. */
  closed: string[];
  /** Where the open tail starts in `text`. */
  tailStart: number;
}

export const EMPTY_SPLIT: SplitState = { text: '', closed: [], tailStart: 0 };

/** markdown-it's line breaks (its normalisation turns each into one '\n'). */
const LINE_BREAK = /\r\n?|\n/g;
/** A block's trailing line breaks and blank lines, which belong to no block. */
const TRAILING_BLANK_LINES = /(?:\r\n?|\n)(?:[ \t]*(?:\r\n?|\n))*[ \t]*$/;

/**
 * The blocks of `text`: finished ones, then the open tail (maybe ''). The last few may be shown as
 * separate blocks without being final yet (a later line could still join them); the next split
 * starts at the first of those.
 */
export function splitBlocks(text: string, previous: SplitState = EMPTY_SPLIT): { state: SplitState; blocks: string[] } {
  const resume = previous.text.length > 0 && text.startsWith(previous.text);
  const closed = resume ? [...previous.closed] : [];
  const regionStart = resume ? previous.tailStart : 0;
  const region = text.slice(regionStart);
  const starts = topLevelStarts(region);
  if (starts.length === 0) return { state: { text, closed, tailStart: regionStart }, blocks: [...closed, region.trim() === '' ? '' : region] };

  const lineStarts = [0];
  for (const lineBreak of region.matchAll(LINE_BREAK)) lineStarts.push(lineBreak.index + lineBreak[0].length);
  const offsetOf = (line: number) => lineStarts[line] ?? region.length;
  const lastLine = lineStarts.length - 1;
  const lastLineUnfinished = offsetOf(lastLine) < region.length;

  const pieces: string[] = [];
  let finalCount = 0;
  for (let i = 0; i < starts.length; i++) {
    const next = starts[i + 1];
    if (next === undefined) {
      pieces.push(region.slice(offsetOf(starts[i]!)));
      break;
    }
    const source = region.slice(offsetOf(starts[i]!), offsetOf(next)).replace(TRAILING_BLANK_LINES, '');
    if (opensDisplayMath(source)) {
      pieces.push(region.slice(offsetOf(starts[i]!)));
      break;
    }
    pieces.push(source);
    // A block starting on the unfinished last line may yet turn out to continue the one before
    // ("2" after a list is a paragraph, "2." an item of that list): it does not end that one yet.
    const ended = !(next === lastLine && lastLineUnfinished);
    if (ended && finalCount === i) finalCount += 1;
  }
  closed.push(...pieces.slice(0, finalCount));
  const tailStart = regionStart + offsetOf(starts[finalCount]!);
  return { state: { text, closed, tailStart }, blocks: [...closed, ...pieces.slice(finalCount)] };
}

/**
 * The first line of each top-level block. Lines no token covers (a link reference definition)
 * join the block before; anything before the first block joins it.
 */
function topLevelStarts(source: string): number[] {
  const starts: number[] = [];
  for (const token of parseBlockTokens(source)) {
    if (token.level === 0 && token.nesting !== -1 && token.map) starts.push(token.map[0]);
  }
  if (starts.length > 0) starts[0] = Math.min(starts[0]!, firstContentLine(source));
  return starts;
}

function firstContentLine(source: string): number {
  const lines = source.split(LINE_BREAK);
  const index = lines.findIndex((line) => line.trim() !== '');
  return index === -1 ? 0 : index;
}

/**
 * A paragraph that starts display math ($$ or \[) without closing it: once the closing delimiter
 * arrives, markdown-it-texmath makes one math block of it and what follows (blank lines included),
 * so it stays in the open tail — as an unclosed fence does by itself.
 */
function opensDisplayMath(block: string): boolean {
  const start = block.trimStart();
  if (start.startsWith('$$')) return !start.slice(2).includes('$$');
  if (start.startsWith('\\[')) return !start.includes('\\]');
  return false;
}
