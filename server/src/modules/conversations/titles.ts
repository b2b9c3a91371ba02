/** The title of a conversation nothing usable could be taken from. */
export const DEFAULT_TITLE = '新对话';
/** Longest title taken from a message, in characters (code points), the ellipsis included. */
export const AUTO_TITLE_MAX = 20;
/** Longest title a user can set (longer ones are cut). */
export const TITLE_MAX = 100;

const INLINE_RULES: Array<[RegExp, string]> = [
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'], // ![alt](src)
  [/\[([^\]]*)\]\([^)]*\)/g, '$1'], // [text](url)
  [/\[([^\]]+)\]\[[^\]]*\]/g, '$1'], // [text][ref]
  [/<((?:https?|mailto):[^>\s]+)>/g, '$1'], // <https://…>
  [/`+/g, ''],
  // **bold**, *em*, __bold__, _em_, ~~struck~~ — not the underscores inside snake_case words.
  [/(?<![\w*~])(\*{1,3}|_{1,3}|~~)(?=\S)(.+?)(?<=\S)\1(?![\w*~])/g, '$2'],
];

const LINE_PREFIX = /^\s*(?:(?:>\s*)+|#{1,6}\s+|(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?)/;
const CODE_FENCE = /^\s*(?:```+|~~~+)\s*[\w+#.-]*\s*$/;
const THEMATIC_BREAK = /^\s*(?:[-*_]\s*){3,}$/;

function plainLine(line: string): string {
  if (CODE_FENCE.test(line) || THEMATIC_BREAK.test(line)) return '';
  let text = line.replace(LINE_PREFIX, '');
  for (const [pattern, replacement] of INLINE_RULES) text = text.replace(pattern, replacement);
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts `text` to `max` characters (code points, so no emoji is split), ending in … when cut. */
export function cutText(text: string, max: number, ellipsis = ''): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max - ellipsis.length).join('').trimEnd() + ellipsis;
}

/**
 * A conversation's title from its first message: the first line with text once markdown and link
 * syntax is stripped, whitespace collapsed, at most 20 characters (… when cut).
 */
export function titleFrom(request: string): string {
  for (const line of request.split(/\r\n|\r|\n/)) {
    const text = plainLine(line);
    if (text) return cutText(text, AUTO_TITLE_MAX, '…');
  }
  return DEFAULT_TITLE;
}
