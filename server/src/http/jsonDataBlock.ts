import { escapeHtml } from './htmlPage.js';

/** Characters that could end or confuse a script element's text, or that old JavaScript parsers refuse, as JSON escapes. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * A `<script type="application/json">` data block: never executed (the CSP's script rules do not
 * apply to it), read with `JSON.parse(element.textContent)`. `<` is written as `\u003c`, so no
 * string in the value can close the element (`</script>`) or open a comment (`<!--`); the parsed
 * value is the same.
 */
export function jsonDataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${escapeHtml(id)}">${json}</script>`;
}
