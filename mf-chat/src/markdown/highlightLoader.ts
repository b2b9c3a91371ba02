import hljs from 'highlight.js/lib/common';
import 'highlight.js/styles/github.css';

/** Loaded only when a message holds code (its own chunk); '' for a language it does not know. */
export function highlightCode(code: string, language: string): string {
  if (!language || !hljs.getLanguage(language)) return '';
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
