/** What arrived since the last hand-over. */
export interface StreamPieces {
  text: string;
  reasoning: string;
}

/**
 * Collects streamed answer and reasoning pieces and hands them over at most every `everyMs`
 * (spec chat §4: streamed text is rendered at most every 100 ms; 0 hands each piece over at once).
 * A stream of 100 chunks a second then costs ten renders, not a hundred.
 */
export class StreamBuffer {
  private pending: StreamPieces = { text: '', reasoning: '' };
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly everyMs: number,
    private readonly apply: (pieces: StreamPieces) => void,
  ) {}

  add(kind: keyof StreamPieces, piece: string): void {
    this.pending[kind] += piece;
    if (this.everyMs <= 0) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.everyMs);
  }

  /** Hands over what is pending now (before a progress line, at the end of the stream). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pieces = this.pending;
    if (!pieces.text && !pieces.reasoning) return;
    this.pending = { text: '', reasoning: '' };
    this.apply(pieces);
  }

  /** Drops what is pending (the answer was stopped or replaced). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = { text: '', reasoning: '' };
  }
}
