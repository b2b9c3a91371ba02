import { replaceWithSanitized, sanitizeSvg } from './sanitize';
import { withTimeout } from './withTimeout';

/**
 * What the synchronous renderer leaves for later: math for KaTeX, code for highlight.js and
 * diagrams for mermaid, each library loaded on first need in its own chunk. A step that fails or
 * takes longer than 3 s leaves the source shown (math, diagrams) or the code plain.
 */
const loadKatex = () => import(/* webpackChunkName: "katex" */ './katexLoader');
const loadHighlight = () => import(/* webpackChunkName: "highlight" */ './highlightLoader');
const loadMermaid = () => import(/* webpackChunkName: "mermaid" */ './mermaidLoader');

const DONE = 'data-enhanced';

async function renderMath(root: HTMLElement): Promise<void> {
  const pending = [...root.querySelectorAll<HTMLElement>(`[data-math]:not([${DONE}])`)];
  if (pending.length === 0) return;
  const { renderTex } = await withTimeout(loadKatex());
  for (const element of pending) {
    element.setAttribute(DONE, '');
    try {
      replaceWithSanitized(element, renderTex(element.dataset.tex ?? '', element.dataset.math === 'display'));
    } catch {
      // spec chat §5: a formula KaTeX cannot render stays as its source text.
    }
  }
}

async function highlight(root: HTMLElement): Promise<void> {
  const pending = [...root.querySelectorAll<HTMLElement>(`code[data-lang]:not([${DONE}])`)].filter((code) => code.dataset.lang !== 'mermaid');
  if (pending.length === 0) return;
  const { highlightCode } = await withTimeout(loadHighlight());
  for (const code of pending) {
    code.setAttribute(DONE, '');
    const html = highlightCode(code.textContent ?? '', code.dataset.lang ?? '');
    if (html) {
      replaceWithSanitized(code, html);
      code.classList.add('hljs');
    }
  }
}

async function drawDiagrams(root: HTMLElement): Promise<void> {
  const pending = [...root.querySelectorAll<HTMLElement>(`[data-mermaid]:not([${DONE}])`)];
  if (pending.length === 0) return;
  const { renderMermaid } = await withTimeout(loadMermaid());
  for (const diagram of pending) {
    diagram.setAttribute(DONE, '');
    const source = diagram.querySelector('code')?.textContent ?? '';
    const target = diagram.querySelector<HTMLElement>('[data-mermaid-svg]');
    try {
      const svg = await withTimeout(renderMermaid(source));
      if (target) target.innerHTML = sanitizeSvg(svg);
      diagram.setAttribute('data-drawn', '');
    } catch (error) {
      // spec chat §8: mermaid render errors are only logged; the source stays shown.
      console.warn('[mermaid] render failed', error);
    }
  }
}

/**
 * Enhances a finished block in place (math, highlighting, diagrams). The open tail of a stream is
 * left as rendered markdown: redoing KaTeX and highlight.js on it ten times a second would cost
 * more than the rest of the rendering. Resolves when every step has finished or given up.
 */
export async function enhance(root: HTMLElement): Promise<void> {
  const steps = [renderMath(root), highlight(root), drawDiagrams(root)];
  const results = await Promise.allSettled(steps);
  for (const result of results) if (result.status === 'rejected') console.warn('[markdown] enhancement skipped', result.reason);
}
