/** Text whose bytes decoded cleanly, and the charset that decoded them. */
export interface DecodedText {
  text: string;
  charset: 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';
}

/** C0 controls other than tab, line feed, vertical tab, form feed and carriage return, and DEL. */
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
/** A few stray control characters happen in real text files (an ESC of a terminal log); many mean binary. */
const MAX_CONTROL_SHARE = 0.01;

function decodeStrict(bytes: Uint8Array, charset: DecodedText['charset']): string | null {
  try {
    return new TextDecoder(charset, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function looksLikeText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  const controls = text.match(CONTROL)?.length ?? 0;
  return controls <= text.length * MAX_CONTROL_SHARE;
}

/**
 * The bytes as text when they are text: UTF-16 with its byte-order mark (Windows "Unicode"),
 * else UTF-8 (a BOM is dropped), else GB18030 (the superset of GBK that older Chinese Windows
 * editors save). Strict decoding: one invalid sequence and the charset does not apply. Binary
 * data fails all three or is full of NUL and control bytes.
 */
export function decodeText(bytes: Uint8Array): DecodedText | null {
  const candidates: Array<DecodedText['charset']> =
    bytes[0] === 0xff && bytes[1] === 0xfe ? ['utf-16le'] : bytes[0] === 0xfe && bytes[1] === 0xff ? ['utf-16be'] : ['utf-8', 'gb18030'];
  for (const charset of candidates) {
    const text = decodeStrict(bytes, charset);
    if (text !== null && looksLikeText(text)) return { text, charset };
  }
  return null;
}
