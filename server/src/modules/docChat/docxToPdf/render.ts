import PDFDocument from 'pdfkit';
import type { Block } from './blocks.js';
import { fontFile, subsetOf, type FontWeight } from './cjkFont.js';

/** A4 in points, 2 cm margins (Word's default is 2.54/3.18 cm; 2 cm keeps a table of four columns readable). */
const PAGE = { width: 595.28, height: 841.89, margin: 56.7 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const BODY = { size: 11, lineHeight: 18 };
const HEADING_SIZES = [20, 16, 14, 12.5, 12, 11];
const LIST_INDENT = 18;
const CELL_PADDING = 5;

/** More pages than a document chat accepts: conversion stops at the first page past the limit. */
export class TooManyPages extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} pages`);
  }
}

interface Piece {
  text: string;
  font: string;
  width: number;
}

/** A word (Latin letters or digits), one CJK character with the closing punctuation that may not begin a line, or spaces. */
const TOKEN = /\s+|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+[，。、；：？！）》」』】,.;:?!)\]]*|[\s\S][，。、；：？！）》」』】,.;:?!)\]]*/gu;

/** Lays text out on pdfkit pages: our own lines, because one line mixes several font files (one per unicode range). */
class Typesetter {
  readonly doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: true, info: { Producer: '启明 AI', Creator: '启明 AI 文档对话' } });
  private readonly registered = new Set<string>();
  y = PAGE.margin;
  pages = 1;

  constructor(private readonly maxPages: number) {}

  newPage(): void {
    if (this.pages >= this.maxPages) throw new TooManyPages(this.maxPages);
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.pages += 1;
    this.y = PAGE.margin;
  }

  /** Starts a new page unless `height` fits on this one (a block taller than a page starts on a fresh one). */
  ensure(height: number): void {
    if (this.y + height > BOTTOM && this.y > PAGE.margin) this.newPage();
  }

  private fontName(subset: string, weight: FontWeight): string {
    const name = `noto-${subset}-${weight}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, fontFile(subset, weight));
      this.registered.add(name);
    }
    return name;
  }

  /** A token cut where the font file changes, each piece measured. */
  private pieces(token: string, weight: FontWeight, size: number): Piece[] {
    const out: Piece[] = [];
    for (const char of token) {
      // Spaces are in the Latin file; a character of another file starts a new piece.
      const font = this.fontName(/\s/u.test(char) ? 'latin' : subsetOf(char.codePointAt(0)!), weight);
      const last = out.at(-1);
      if (last?.font === font) last.text += char;
      else out.push({ text: char, font, width: 0 });
    }
    for (const piece of out) piece.width = this.doc.font(piece.font).fontSize(size).widthOfString(piece.text);
    return out;
  }

  /** The lines of a text in `width`: breaks between CJK characters and at spaces, inside a word only when it is wider than the line. */
  lines(text: string, width: number, weight: FontWeight, size: number): Piece[][] {
    const lines: Piece[][] = [];
    for (const paragraph of text.split('\n')) {
      let line: Piece[] = [];
      let used = 0;
      const flush = () => {
        while (line.length > 0 && /^\s+$/u.test(line.at(-1)!.text)) used -= line.pop()!.width;
        lines.push(line);
        line = [];
        used = 0;
      };
      for (const token of paragraph.match(TOKEN) ?? []) {
        const space = /^\s+$/u.test(token);
        if (space && line.length === 0) continue;
        const pieces = this.pieces(token, weight, size);
        const tokenWidth = pieces.reduce((sum, piece) => sum + piece.width, 0);
        if (used + tokenWidth > width && line.length > 0) {
          flush();
          if (space) continue;
        }
        if (tokenWidth > width) {
          // A word longer than the line (a URL): cut it character by character.
          for (const char of token) {
            const [piece] = this.pieces(char, weight, size);
            if (used + piece!.width > width && line.length > 0) flush();
            line.push(piece!);
            used += piece!.width;
          }
          continue;
        }
        line.push(...pieces);
        used += tokenWidth;
      }
      flush();
    }
    return lines;
  }

  drawLine(line: Piece[], x: number, y: number, size: number): void {
    let at = x;
    for (const piece of line) {
      this.doc.font(piece.font).fontSize(size).text(piece.text, at, y, { lineBreak: false });
      at += piece.width;
    }
  }

  /** Lines at x, a new page whenever the next one does not fit. */
  flow(lines: Piece[][], x: number, size: number, lineHeight: number): void {
    for (const line of lines) {
      this.ensure(lineHeight);
      this.drawLine(line, x, this.y + (lineHeight - size) / 2 - size * 0.1, size);
      this.y += lineHeight;
    }
  }
}

/** Column widths from each column's longest cell, each at least a third of an even share, filling the width. */
function columnWidths(set: Typesetter, rows: string[][], columns: number): number[] {
  const natural = Array.from({ length: columns }, (_, column) =>
    Math.max(
      24,
      ...rows.map((row) => {
        const lines = set.lines(row[column] ?? '', Number.POSITIVE_INFINITY, 400, BODY.size);
        return Math.max(0, ...lines.map((line) => line.reduce((sum, piece) => sum + piece.width, 0))) + 2 * CELL_PADDING;
      }),
    ),
  );
  const floor = CONTENT_WIDTH / columns / 3;
  const wanted = natural.map((width) => Math.max(floor, Math.min(width, CONTENT_WIDTH / 2)));
  const total = wanted.reduce((sum, width) => sum + width, 0);
  return wanted.map((width) => (width / total) * CONTENT_WIDTH);
}

function drawTable(set: Typesetter, rows: string[][]): void {
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = columnWidths(set, rows, columns);
  const lineHeight = BODY.lineHeight - 2;
  const size = BODY.size - 1;
  set.y += 4;
  rows.forEach((row, index) => {
    const weight: FontWeight = index === 0 ? 700 : 400;
    const cells = widths.map((width, column) => set.lines(row[column] ?? '', width - 2 * CELL_PADDING, weight, size));
    let drawn = 0;
    const tallest = Math.max(1, ...cells.map((lines) => lines.length));
    // A row taller than what is left of the page continues on the next one, its borders on both.
    while (drawn < tallest) {
      set.ensure(Math.min(tallest - drawn, 3) * lineHeight + 2 * CELL_PADDING);
      const fit = Math.max(1, Math.floor((BOTTOM - set.y - 2 * CELL_PADDING) / lineHeight));
      const count = Math.min(fit, tallest - drawn);
      const height = count * lineHeight + 2 * CELL_PADDING;
      let x = PAGE.margin;
      cells.forEach((lines, column) => {
        lines.slice(drawn, drawn + count).forEach((line, i) => set.drawLine(line, x + CELL_PADDING, set.y + CELL_PADDING + i * lineHeight + 1, size));
        set.doc.rect(x, set.y, widths[column]!, height).lineWidth(0.6).strokeColor('#555555').stroke();
        x += widths[column]!;
      });
      set.y += height;
      drawn += count;
    }
  });
  set.y += 8;
}

function drawBlock(set: Typesetter, block: Block): void {
  switch (block.kind) {
    case 'heading': {
      const size = HEADING_SIZES[block.level - 1] ?? BODY.size;
      const lineHeight = Math.round(size * 1.5);
      const lines = set.lines(block.text, CONTENT_WIDTH, 700, size);
      // Kept with the first two lines of what follows.
      set.y += size * 0.6;
      set.ensure(lines.length * lineHeight + 2 * BODY.lineHeight);
      set.flow(lines, PAGE.margin, size, lineHeight);
      set.y += size * 0.3;
      return;
    }
    case 'paragraph':
      set.flow(set.lines(block.text, CONTENT_WIDTH, 400, BODY.size), PAGE.margin, BODY.size, BODY.lineHeight);
      set.y += BODY.lineHeight * 0.5;
      return;
    case 'listItem': {
      const indent = PAGE.margin + LIST_INDENT * (block.depth + 1);
      const lines = set.lines(block.text, PAGE.margin + CONTENT_WIDTH - indent, 400, BODY.size);
      const marker = set.lines(block.marker, LIST_INDENT, 400, BODY.size)[0] ?? [];
      set.ensure(BODY.lineHeight);
      set.drawLine(marker, indent - LIST_INDENT + 2, set.y + (BODY.lineHeight - BODY.size) / 2 - BODY.size * 0.1, BODY.size);
      set.flow(lines, indent, BODY.size, BODY.lineHeight);
      set.y += BODY.lineHeight * 0.2;
      return;
    }
    case 'table':
      drawTable(set, block.rows);
  }
}

/** The blocks as an A4 PDF with a text layer (each font file embedded as a subset). */
export function renderPdf(blocks: readonly Block[], maxPages: number): Promise<{ pdf: Buffer; pages: number }> {
  const set = new Typesetter(maxPages);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    set.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    set.doc.on('end', () => resolve(Buffer.concat(chunks)));
    set.doc.on('error', reject);
  });
  try {
    for (const block of blocks) drawBlock(set, block);
  } catch (error) {
    set.doc.end();
    throw error;
  }
  set.doc.end();
  return done.then((pdf) => ({ pdf, pages: set.pages }));
}
