/** Pieces with fewer letters or digits than this are joined to the next one (每个句子都要值得单独合成一次). */
export const MIN_SENTENCE_LETTERS = 6;
/** A sentence without an end is cut here (at a comma or a space when there is one), so speech starts early and stays under the server's limit. */
export const MAX_SENTENCE_CHARS = 220;

/** Chinese ends: a sentence ends there wherever it is. */
const FULL_ENDS = new Set(['。', '！', '？', '；', '…']);
/** ASCII ends: only before a space, a Chinese character or the end (AFTER_ASCII_END). */
const ASCII_ENDS = new Set(['.', '!', '?', ';']);
const AFTER_ASCII_END = /[\s\p{Script=Han}]/u;
/** What may follow an end and still belongs to the sentence: more ends, closing quotes and brackets. */
const CLOSERS = new Set(['。', '！', '？', '；', '!', '?', '…', '.', '”', '’', '"', "'", '）', ')', '」', '』', '】', '》']);
/** Where an over-long sentence is best cut. */
const SOFT_BREAKS = /[，,、：:\s]/u;
/** A code fence line (``` or ~~~): code is shown, not spoken. */
const FENCE = /^[ \t]{0,3}(?:`{3,}|~{3,})/;
/** Markdown a line starts with: headings, quotes, list markers (the server strips the rest). */
const LINE_PREFIX = /^[ \t]*(?:(?:#{1,6}|[-*+]|\d{1,3}[.)])[ \t]+|>[ \t]?)*/;
/** How much of a line must be seen before its start can be judged (a fence or a list marker). */
const LINE_LOOKAHEAD = 8;

const LETTERS = /[\p{L}\p{N}]/gu;
const letterCount = (text: string) => text.match(LETTERS)?.length ?? 0;

/**
 * Cuts a streamed Markdown answer into sentences to speak, as it arrives: at 。！？；!? …, at a
 * `.` followed by a space (not in 3.14 or example.com) and at line ends, closing quotes kept with
 * their sentence. Pieces too short to be worth a speech request join the next one; code blocks
 * and lines without words (rules, table separators) are skipped; list and heading marks go.
 */
export class SentenceSplitter {
  /** Raw text not judged yet. */
  private pending = '';
  /** The sentence being gathered (pieces too short so far). */
  private sentence = '';
  private atLineStart = true;
  private inFence = false;

  /** The sentences `delta` completed. */
  push(delta: string): string[] {
    this.pending += delta;
    return this.run(false);
  }

  /** The answer ended: whatever is left, short or not. */
  end(): string[] {
    const out = this.run(true);
    const last = this.take();
    if (last) out.push(last);
    return out;
  }

  private run(final: boolean): string[] {
    const out: string[] = [];
    while (this.pending) {
      if (this.atLineStart) {
        if (!this.startLine(final, out)) break;
        continue;
      }
      if (!this.scanLine(final, out)) break;
    }
    if (!final) this.cutIfTooLong(out);
    return out;
  }

  /** Judges a line's start (fence, code, markdown marks); false to wait for more text. */
  private startLine(final: boolean, out: string[]): boolean {
    const newline = this.pending.indexOf('\n');
    const line = newline >= 0 ? this.pending.slice(0, newline) : this.pending;
    const whole = newline >= 0 || final;
    if (!whole && line.length < LINE_LOOKAHEAD) return false;
    if (FENCE.test(line) || this.inFence) {
      if (!whole) return false;
      if (FENCE.test(line)) {
        this.inFence = !this.inFence;
        this.boundary(out);
      }
      this.pending = newline >= 0 ? this.pending.slice(newline + 1) : '';
      return true;
    }
    this.pending = this.pending.slice(LINE_PREFIX.exec(line)?.[0].length ?? 0);
    this.atLineStart = false;
    return true;
  }

  /** Finds the next end in the current line; false to wait for more text. */
  private scanLine(final: boolean, out: string[]): boolean {
    const text = this.pending;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '\n') {
        // A line without words (a rule, a table's separator) says nothing, even joined to a short sentence.
        const line = text.slice(0, i);
        if (letterCount(line) > 0) this.sentence += `${line} `;
        this.pending = text.slice(i + 1);
        this.atLineStart = true;
        this.boundary(out);
        return true;
      }
      const ascii = ASCII_ENDS.has(ch);
      if (!ascii && !FULL_ENDS.has(ch)) continue;
      let end = i + 1;
      while (end < text.length && CLOSERS.has(text[end]!)) end++;
      // The end's closers, or what follows an ASCII end, may be in the next piece.
      if (end === text.length && !final) return false;
      // An ASCII end ends a sentence only before a space, Chinese or the end: not in 3.14, example.com, ?q=1, ![image].
      if (ascii && end < text.length && !AFTER_ASCII_END.test(text[end]!)) {
        i = end - 1;
        continue;
      }
      this.sentence += text.slice(0, end);
      this.pending = text.slice(end);
      this.boundary(out);
      return true;
    }
    if (!final) return false;
    this.sentence += text;
    this.pending = '';
    return true;
  }

  /** Ends the sentence being gathered here unless it is too short to stand alone; one without words is dropped. */
  private boundary(out: string[]): void {
    const text = this.sentence.replace(/\s+/gu, ' ').trim();
    if (letterCount(text) === 0) {
      this.sentence = '';
      return;
    }
    if (letterCount(text) < MIN_SENTENCE_LETTERS) return;
    out.push(text);
    this.sentence = '';
  }

  /** A sentence running past the maximum without an end is cut at its last soft break. */
  private cutIfTooLong(out: string[]): void {
    if (this.atLineStart || this.inFence) return;
    const chars = [...this.sentence + this.pending];
    if (chars.length <= MAX_SENTENCE_CHARS) return;
    const head = chars.slice(0, MAX_SENTENCE_CHARS);
    let cut = head.length;
    for (let i = head.length - 1; i > MAX_SENTENCE_CHARS / 2; i--) {
      if (SOFT_BREAKS.test(head[i]!)) {
        cut = i + 1;
        break;
      }
    }
    this.sentence = chars.slice(0, cut).join('');
    this.pending = chars.slice(cut).join('');
    this.boundary(out);
    // A long piece with few letters (symbols) is not gathered on past the maximum either.
    const rest = this.take();
    if (rest) out.push(rest);
  }

  private take(): string | null {
    const text = this.sentence.replace(/\s+/gu, ' ').trim();
    this.sentence = '';
    return letterCount(text) > 0 ? text : null;
  }
}

/** The whole text at once (tests, a typed answer): the sentences a stream of it would give. */
export function splitSentences(text: string): string[] {
  const splitter = new SentenceSplitter();
  return [...splitter.push(text), ...splitter.end()];
}
