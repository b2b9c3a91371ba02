/** The text cut to `limit` characters (code points, so no emoji is split), with an ellipsis when cut. */
export function short(text: string, limit: number): string {
  const chars = [...text];
  return chars.length > limit ? `${chars.slice(0, limit).join('').trimEnd()}…` : text;
}

/**
 * The start of a passage for quoting: whole sentences up to `limit` characters (at least the first
 * one, cut with … when even that is longer), line breaks folded into spaces.
 */
export function excerptOf(text: string, limit = 160): string {
  const flat = text.replace(/\s*\n+\s*/g, ' ').trim();
  if (flat.length <= limit) return flat;
  let out = '';
  for (const sentence of flat.match(/[^。！？!?；;]+[。！？!?；;]*/g) ?? []) {
    if ((out + sentence).length > limit) break;
    out += sentence;
  }
  return out.trim() || short(flat, limit - 1);
}
