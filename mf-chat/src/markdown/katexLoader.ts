import katex from 'katex';
import 'katex/dist/katex.min.css';

/** Loaded only when a message holds math (its own chunk). Throws on TeX it cannot parse. */
export function renderTex(tex: string, display: boolean): string {
  return katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: 'ignore', trust: false, output: 'htmlAndMathml' });
}
