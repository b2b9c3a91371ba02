/** Text whose bytes decoded cleanly, and the charset that decoded them. */
export interface DecodedText {
  text: string;
  charset: 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';
}

/** C0 controls other than tab, line feed, vertical tab, form feed and carriage return, and DEL. */
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
/** A few stray control characters happen in real text files (an ESC of a terminal log); many mean binary. */
const MAX_CONTROL_SHARE = 0.01;

/** Decoded a megabyte at a time: checked whole, but only the first `maxChars` characters are kept. */
const CHUNK_BYTES = 1024 * 1024;

function decodeStrict(bytes: Uint8Array, charset: DecodedText['charset'], maxChars: number): string | null {
  const decoder = new TextDecoder(charset, { fatal: true });
  let kept = '';
  let length = 0;
  let controls = 0;
  try {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
      const end = Math.min(bytes.length, at + CHUNK_BYTES);
      const piece = decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length });
      if (piece.includes('\u0000')) return null;
      controls += piece.match(CONTROL)?.length ?? 0;
      length += piece.length;
      if (kept.length < maxChars) kept += piece.slice(0, maxChars - kept.length);
    }
  } catch {
    return null;
  }
  return controls <= length * MAX_CONTROL_SHARE ? kept : null;
}

/**
 * The bytes as text when they are text: UTF-16 with its byte-order mark (Windows "Unicode"),
 * else UTF-8 (a BOM is dropped), else GB18030 (the superset of GBK that older Chinese Windows
 * editors save). Strict decoding: one invalid sequence and the charset does not apply. Binary
 * data fails all three or is full of NUL and control bytes. The whole file is checked, in
 * chunks; only its first `maxChars` characters are kept (a 19 MB file is not a 38 MB string).
 */
export function decodeText(bytes: Uint8Array, maxChars = Infinity): DecodedText | null {
  const candidates: Array<DecodedText['charset']> =
    bytes[0] === 0xff && bytes[1] === 0xfe ? ['utf-16le'] : bytes[0] === 0xfe && bytes[1] === 0xff ? ['utf-16be'] : ['utf-8', 'gb18030'];
  for (const charset of candidates) {
    const text = decodeStrict(bytes, charset, maxChars);
    if (text !== null) return { text, charset };
  }
  return null;
}
