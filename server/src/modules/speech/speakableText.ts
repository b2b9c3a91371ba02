/**
 * The words of a Markdown answer, as a voice should say them: the markup goes (code fences, `#`
 * headings, emphasis, list and quote markers, table pipes, HTML tags), links and images keep their
 * text, code keeps its content (an answer about code is still read whole). Lines stay lines, so a
 * synthesizer pauses between them.
 */
export function speakableText(markdown: string): string {
  const lines: string[] = [];
  let inFence: string | null = null;
  for (const rawLine of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const fence = /^\s*(`{3,}|~{3,})/.exec(rawLine);
    if (fence) {
      const marker = fence[1]!;
      if (inFence === null) inFence = marker;
      else if (marker[0] === inFence[0] && marker.length >= inFence.length) inFence = null;
      continue;
    }
    const line = inFence === null ? speakableLine(unescaped(rawLine)) : rawLine.trim();
    if (line !== null) lines.push(line);
  }
  return restoreEscaped(lines)
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''))
    .join('\n')
    .trim();
}

// Backslash-escaped punctuation is held as a private-use character while the markup goes, so `\*` stays a star.
const ESCAPE_BASE = 0xe000;
const unescaped = (line: string) => line.replace(/\\([\\`*_{}[\]()#+\-.!|>~$])/g, (_, c: string) => String.fromCharCode(ESCAPE_BASE + c.charCodeAt(0)));
const restoreEscaped = (lines: string[]) => lines.map((line) => line.replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - ESCAPE_BASE)));

/** One line outside code fences; null for a line that is only structure (a table's separator row, a link definition). */
function speakableLine(line: string): string | null {
  if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) return null;
  if (/^\s{0,3}\[[^\]]+\]:\s*\S+/.test(line)) return null;
  // A horizontal rule (or a setext heading's underline) is a pause.
  if (/^\s*([-*_=])(\s*\1){2,}\s*$/.test(line)) return '';
  return (
    line
      // Block markers at the start: quotes, headings, list bullets and numbers, task boxes.
      .replace(/^(\s*>)+\s?/, '')
      .replace(/^\s{0,3}#{1,6}\s+/, '')
      .replace(/\s+#+\s*$/, '')
      .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/, '')
      // Images and links keep their text; bare autolinks their address.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, '$1')
      // HTML tags (a <br> is a pause).
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<\/?[a-zA-Z][^>]*>/g, '')
      // Inline code keeps its content; emphasis, strike-through and math delimiters go.
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/(\*{1,3}|_{2,3})(\S(?:.*?\S)?)\1/g, '$2')
      .replace(/(^|[^\p{L}\p{N}_])_(\S(?:.*?\S)?)_(?=$|[^\p{L}\p{N}_])/gu, '$1$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/\${1,2}([^$]+)\${1,2}/g, '$1')
      // Table cells: the pipes become pauses.
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .replace(/\s*\|\s*/g, ', ')
  );
}
