/**
 * Structure-aware chunking (README "Chunking"): markdown headings start sections and every passage
 * carries its heading path; paragraphs stay whole when they fit; tables and code fences stay whole
 * up to a hard maximum; a long paragraph is split at sentence ends. Passages aim at
 * `min`–`max` characters, and a passage continuing the same section starts with the tail of the
 * one before (`overlap` characters, from a sentence start when there is one).
 */

export interface ChunkOptions {
  min: number;
  max: number;
  overlap: number;
  /** A table or code block longer than this is cut by lines. */
  hardMax: number;
}

export const CHUNK_OPTIONS: ChunkOptions = { min: 300, max: 800, overlap: 80, hardMax: 2000 };

export interface Chunk {
  /** "安装 › 环境要求"; '' before the first heading. */
  heading: string;
  text: string;
}

type BlockKind = 'paragraph' | 'table' | 'code';
interface Block {
  kind: BlockKind;
  heading: string;
  text: string;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
const TABLE_LINE = /^\s*\|/;
const SENTENCE_END = /(?<=[。！？；!?;]|[.](?=\s))\s*/u;

/** Text as it is indexed: unified line ends, no control characters, no trailing spaces, at most one blank line. */
export function cleanText(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufeff]/g, '')
      .replace(/[ \t\u3000]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** The blocks of a markdown-ish text, each with the heading path it sits under. */
export function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  const path: string[] = [];
  let lines: string[] = [];
  let kind: BlockKind = 'paragraph';
  const heading = () => path.filter(Boolean).join(' › ');
  const flush = () => {
    const body = lines.join('\n').trim();
    if (body) blocks.push({ kind, heading: heading(), text: body });
    lines = [];
    kind = 'paragraph';
  };
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    if (fence) {
      lines.push(line);
      if (line.trim().startsWith(fence)) {
        fence = null;
        flush();
      }
      continue;
    }
    const fenceStart = FENCE.exec(line);
    if (fenceStart) {
      flush();
      fence = fenceStart[1]!;
      kind = 'code';
      lines.push(line);
      continue;
    }
    const title = HEADING.exec(line);
    if (title) {
      flush();
      const level = title[1]!.length;
      path.length = level - 1;
      path[level - 1] = title[2]!.trim();
      continue;
    }
    const isTable = TABLE_LINE.test(line);
    if (line.trim() === '' || isTable !== (kind === 'table')) flush();
    if (line.trim() === '') continue;
    if (isTable) kind = 'table';
    lines.push(line);
  }
  flush();
  return blocks;
}

/** Sentences of a paragraph, punctuation kept with the sentence it ends. */
export function sentencesOf(text: string): string[] {
  return text.split(SENTENCE_END).filter((s) => s.trim() !== '');
}

/** Pieces of at most `max` characters: whole sentences where they fit, a sentence longer than `max` cut. */
function splitLong(text: string, max: number, unit: 'sentence' | 'line'): string[] {
  const parts = unit === 'line' ? text.split('\n') : sentencesOf(text);
  const joiner = unit === 'line' ? '\n' : '';
  const pieces: string[] = [];
  let current = '';
  for (let part of parts) {
    while (part.length > max) {
      if (current) pieces.push(current);
      current = '';
      pieces.push(part.slice(0, max));
      part = part.slice(max);
    }
    if (current && current.length + joiner.length + part.length > max) {
      pieces.push(current);
      current = part;
    } else current = current ? current + joiner + part : part;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The last `size` characters of a passage, from a sentence start inside them when there is one. */
export function overlapTail(text: string, size: number): string {
  if (size <= 0 || text.length <= size) return size <= 0 ? '' : text;
  const tail = text.slice(-size);
  const sentences = sentencesOf(tail);
  // The first piece is a sentence cut in the middle; drop it when whole sentences follow.
  return sentences.length > 1 ? sentences.slice(1).join('').trimStart() : tail;
}

/** The passages of a document's text, in order. */
export function chunkText(raw: string, options: ChunkOptions = CHUNK_OPTIONS): Chunk[] {
  const chunks: Chunk[] = [];
  let heading = '';
  let parts: string[] = [];
  let length = 0;
  const flush = () => {
    if (parts.length) chunks.push({ heading, text: parts.join('\n\n') });
    parts = [];
    length = 0;
  };
  const add = (piece: string) => {
    if (length > 0 && length + 2 + piece.length > options.max) {
      const previous = parts.join('\n\n');
      flush();
      const tail = overlapTail(previous, options.overlap);
      if (tail && tail.length + 2 + piece.length <= options.max && tail !== piece) {
        parts.push(tail);
        length = tail.length;
      }
    }
    parts.push(piece);
    length += (length ? 2 : 0) + piece.length;
  };
  for (const block of blocksOf(cleanText(raw))) {
    if (block.heading !== heading) {
      flush();
      heading = block.heading;
    }
    if (block.kind === 'paragraph') {
      for (const piece of block.text.length > options.max ? splitLong(block.text, options.max, 'sentence') : [block.text]) add(piece);
      continue;
    }
    // Tables and code stay whole (a passage of their own when they do not fit with what came before).
    const pieces = block.text.length > options.hardMax ? splitLong(block.text, options.hardMax, 'line') : [block.text];
    for (const piece of pieces) {
      if (length > 0 && length + 2 + piece.length > options.max) flush();
      parts.push(piece);
      length += (length ? 2 : 0) + piece.length;
      if (length >= options.max) flush();
    }
  }
  flush();
  return mergeSmallTails(chunks, options);
}

/** A passage of a document that may have pages: where it starts and ends (1-based), null without pages. */
export interface PagedChunk extends Chunk {
  page: number | null;
  pageEnd: number | null;
}

/**
 * The passages of an upload's text. A PDF's text has its pages separated by a form feed (uploads
 * `PAGE_BREAK`): every page is chunked on its own so each passage knows its page. When the page
 * before ends in the middle of a sentence (a paragraph running over the page break), a short
 * passage opening the page joins the last passage of that page when both fit in `max` — that
 * passage then spans both pages. Other text is
 * `chunkText` with no pages.
 */
const ENDS_SENTENCE = /[。！？；.!?;:：”’"')）]\s*$/u;

export function chunkDocument(raw: string, options: ChunkOptions = CHUNK_OPTIONS): PagedChunk[] {
  if (!raw.includes('\f')) return chunkText(raw, options).map((chunk) => ({ ...chunk, page: null, pageEnd: null }));
  const chunks: PagedChunk[] = [];
  raw.split('\f').forEach((pageText, index) => {
    const page = index + 1;
    chunkText(pageText, options).forEach((chunk, position) => {
      const last = chunks.at(-1);
      const continues = position === 0 && last?.pageEnd === page - 1 && last.heading === chunk.heading && !ENDS_SENTENCE.test(last.text);
      if (continues && chunk.text.length < options.min && last.text.length + 2 + chunk.text.length <= options.max) {
        last.text = `${last.text}\n\n${chunk.text}`;
        last.pageEnd = page;
      } else chunks.push({ ...chunk, page, pageEnd: page });
    });
  });
  return chunks;
}

/** A passage shorter than `min` joins the one before it in the same section when both fit in `max`. */
function mergeSmallTails(chunks: Chunk[], options: ChunkOptions): Chunk[] {
  const merged: Chunk[] = [];
  for (const chunk of chunks) {
    const last = merged.at(-1);
    if (last && last.heading === chunk.heading && chunk.text.length < options.min && last.text.length + 2 + chunk.text.length <= options.max && !chunk.text.startsWith(overlapTail(last.text, options.overlap) || '\u0000')) {
      last.text = `${last.text}\n\n${chunk.text}`;
    } else merged.push({ ...chunk });
  }
  return merged;
}
