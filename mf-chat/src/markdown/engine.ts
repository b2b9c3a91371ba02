import MarkdownIt from 'markdown-it';
type MarkdownItInstance = ReturnType<typeof MarkdownIt>;
type Token = ReturnType<MarkdownItInstance['parse']>[number];
import texmath from 'markdown-it-texmath';
import { t } from '../i18n';
import { isComplexHtml } from './htmlDetect';
import { sanitizeHtml } from './sanitize';
import styles from './markdown.module.css';

/**
 * Markdown to sanitized HTML, synchronously and without the heavy libraries: math becomes
 * `[data-math]` placeholders (KaTeX renders them later, `enhance.ts`), code blocks carry their
 * language for the lazily loaded highlighter, mermaid fences become `[data-mermaid]` diagrams to
 * draw once their block is finished. Raw HTML in an answer is allowed through the sanitizer,
 * except complex HTML (spec chat §2), which is shown as code with a preview.
 */
export const PREVIEW_LANGUAGES = new Set(['html', 'htm', 'css', 'javascript', 'js']);

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A code block with its head: language, 预览 for html / css / javascript, 复制代码. */
export function codeBlockHtml(code: string, language: string): string {
  const lang = language.toLowerCase();
  const preview = PREVIEW_LANGUAGES.has(lang)
    ? `<button type="button" data-code-action="preview">${escapeHtml(t('code.preview'))}</button>`
    : '';
  return (
    `<div class="${styles.codeBlock}" data-code-block="${escapeHtml(lang)}">` +
    `<div class="${styles.codeHead}"><span>${escapeHtml(lang || 'text')}</span>` +
    `<span class="${styles.codeActions}" data-export-hidden="">${preview}` +
    `<button type="button" data-code-action="copy">${escapeHtml(t('code.copy'))}</button></span></div>` +
    `<pre><code data-lang="${escapeHtml(lang)}">${escapeHtml(code)}</code></pre></div>`
  );
}

function mermaidHtml(source: string): string {
  return (
    `<div class="${styles.mermaid}" data-mermaid="">` +
    `<div class="${styles.codeHead}"><span>mermaid</span><span class="${styles.codeActions}" data-export-hidden="">` +
    `<button type="button" data-code-action="diagram">${escapeHtml(t('mermaid.preview'))}</button>` +
    `<button type="button" data-code-action="copy">${escapeHtml(t('code.copy'))}</button></span></div>` +
    `<pre><code data-lang="mermaid">${escapeHtml(source)}</code></pre><div data-mermaid-svg=""></div></div>`
  );
}

/** Math is drawn later by KaTeX; until then (and when KaTeX refuses it) the source shows. */
const mathPlaceholder = {
  renderToString(tex: string, options: { displayMode?: boolean }): string {
    const display = options.displayMode === true;
    const source = display ? `$$${tex}$$` : `$${tex}$`;
    return `<span data-math="${display ? 'display' : 'inline'}" data-tex="${escapeHtml(tex)}">${escapeHtml(source)}</span>`;
  },
};

function createMarkdown(): MarkdownItInstance {
  const md = new MarkdownIt({ html: true, linkify: true, breaks: true });
  md.use(texmath, { engine: mathPlaceholder, delimiters: ['dollars', 'brackets'] });
  md.renderer.rules.fence = (tokens, index) => {
    const token = tokens[index]!;
    const language = token.info.trim().split(/\s+/)[0] ?? '';
    return language.toLowerCase() === 'mermaid' ? mermaidHtml(token.content) : codeBlockHtml(token.content, language);
  };
  md.renderer.rules.code_block = (tokens, index) => codeBlockHtml(tokens[index]!.content, '');
  const htmlBlock = md.renderer.rules.html_block!;
  md.renderer.rules.html_block = (tokens, index, options, env, self) =>
    isComplexHtml(tokens[index]!.content) ? codeBlockHtml(tokens[index]!.content, 'html') : htmlBlock(tokens, index, options, env, self);
  // Tables scroll sideways inside the answer instead of widening it.
  md.renderer.rules.table_open = () => `<div class="${styles.tableWrap}"><table>`;
  md.renderer.rules.table_close = () => '</table></div>';
  return md;
}

let markdown: MarkdownItInstance | null = null;
const engine = () => (markdown ??= createMarkdown());

let blockParser: MarkdownItInstance | null = null;
/** The same rules, stopping after the block level: a block's inline content is not parsed. */
function blockEngine(): MarkdownItInstance {
  if (blockParser) return blockParser;
  blockParser = createMarkdown();
  blockParser.core.ruler.enableOnly(['normalize', 'block']);
  return blockParser;
}

/** One markdown block as sanitized HTML. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(engine().render(source));
}

/**
 * The block-level tokens the renderer would draw `source` from (same rules: math, html,
 * tables…), without parsing their inline content, which splitting never needs.
 */
export function parseBlockTokens(source: string): Token[] {
  return blockEngine().parse(source, {});
}
