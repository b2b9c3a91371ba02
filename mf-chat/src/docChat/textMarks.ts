/**
 * What the viewer marks in a page's text layer (pdf.js gives the layer as pieces of text, usually a
 * line each): the cited passage, and the matches of the search. Pure, so it is tested without pdf.js.
 */

/**
 * Kangxi radicals as the ideographs they look like: PDFs printed by Chromium with Noto CJK map 一
 * to ⼀ in their text (the server's extraction unifies them the same way, uploads/extract/pdf.ts).
 */
export const unifyRadicals = (text: string) => text.replace(/[\u2e80-\u2fdf]/gu, (c) => c.normalize('NFKC'));

/** Text without white space, radicals unified: the passage's text was cleaned and joined differently from the layer's pieces. */
export const squeeze = (text: string) => unifyRadicals(text).replace(/\s+/gu, '');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** The layer's pieces are set as HTML (react-pdf's customTextRenderer): the document's text is escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Whether a piece of the layer is part of the passage: at least two visible characters of it appear in the passage as they are. */
export function inPassage(piece: string, squeezedPassage: string): boolean {
  const text = squeeze(piece);
  return text.length >= 2 && squeezedPassage.includes(text);
}

/** The piece as HTML: wholly marked when it is part of the passage, else each match of the query marked. */
export function markedPiece(piece: string, marks: { passage?: string; query?: string }, classes: { passage: string; hit: string }): string {
  if (marks.passage && inPassage(piece, marks.passage)) return `<mark class="${classes.passage}">${escapeHtml(piece)}</mark>`;
  const query = marks.query?.trim();
  if (!query) return escapeHtml(piece);
  // One character for one: the marks fall on the piece as it is shown.
  const lower = unifyRadicals(piece).toLocaleLowerCase();
  const needle = query.toLocaleLowerCase();
  let html = '';
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    html += `${escapeHtml(piece.slice(from, at))}<mark class="${classes.hit}">${escapeHtml(piece.slice(at, at + needle.length))}</mark>`;
    from = at + needle.length;
  }
  return html + escapeHtml(piece.slice(from));
}

export interface SearchHit {
  page: number;
  /** The text around the match. */
  excerpt: string;
}

/** The matches of a query in the pages' text (case-insensitive), in page order, at most `limit`. */
export function searchPages(pages: readonly string[], query: string, limit = 100): SearchHit[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const hits: SearchHit[] = [];
  pages.forEach((text, index) => {
    const lower = unifyRadicals(text).toLocaleLowerCase();
    for (let at = lower.indexOf(needle); at >= 0 && hits.length < limit; at = lower.indexOf(needle, at + needle.length)) {
      const start = Math.max(0, at - 16);
      const end = Math.min(text.length, at + needle.length + 24);
      hits.push({ page: index + 1, excerpt: `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ')}${end < text.length ? '…' : ''}` });
    }
  });
  return hits;
}
