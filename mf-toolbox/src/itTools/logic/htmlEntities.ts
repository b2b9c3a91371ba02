import { decodeHTML, encodeHTML, encodeNonAsciiHTML, escapeUTF8 } from 'entities';

/** basic: only & < > " '; nonAscii: those and every non-ASCII character; all: every character that has a named entity too. */
export type EntityMode = 'basic' | 'nonAscii' | 'all';

export function encodeEntities(text: string, mode: EntityMode): string {
  if (mode === 'basic') return escapeUTF8(text);
  return mode === 'nonAscii' ? encodeNonAsciiHTML(text) : encodeHTML(text);
}

/** Named, decimal and hex references, the way a browser reads them in text. */
export const decodeEntities = (text: string): string => decodeHTML(text);
