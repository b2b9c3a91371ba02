/** The text cut to `limit` characters (code points, so no emoji is split), with an ellipsis when cut. */
export function short(text: string, limit: number): string {
  const chars = [...text];
  return chars.length > limit ? `${chars.slice(0, limit).join('').trimEnd()}…` : text;
}
