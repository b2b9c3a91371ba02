import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

const BLOCKS = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'NAV', 'UL', 'OL', 'LI', 'TABLE', 'TR', 'BLOCKQUOTE', 'PRE', 'FIGURE', 'FIGCAPTION', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'DL', 'DT', 'DD', 'HR']);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'OBJECT', 'CANVAS']);

interface NodeLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<NodeLike>;
}

/** Text of a DOM subtree with a line break around each block, headings marked with #. */
function textOf(node: NodeLike, out: string[]): void {
  if (node.nodeType === 3) {
    out.push((node.textContent ?? '').replace(/\s+/g, ' '));
    return;
  }
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
  const name = node.nodeName.toUpperCase();
  if (SKIPPED.has(name)) return;
  if (name === 'BR') {
    out.push('\n');
    return;
  }
  const block = BLOCKS.has(name);
  if (block) out.push('\n');
  const heading = /^H([1-6])$/.exec(name);
  if (heading) out.push(`${'#'.repeat(Number(heading[1]))} `);
  if (name === 'LI') out.push('- ');
  for (let i = 0; i < node.childNodes.length; i++) textOf(node.childNodes[i]!, out);
  if (block) out.push('\n');
}

const tidy = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * A page's title and readable text: the article Mozilla's Readability finds (what Firefox's reader
 * view shows), else the whole body without scripts and styles; plain text as it is.
 */
export function readableText(body: string, contentType: 'html' | 'text'): { title: string; text: string } {
  if (contentType === 'text') return { title: '', text: tidy(body) };
  const { document } = parseHTML(body);
  const title = (document.querySelector('title')?.textContent ?? '').trim();
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(parseHTML(body).document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  const out: string[] = [];
  if (article?.content) textOf(parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body as unknown as NodeLike, out);
  else if (document.body) textOf(document.body as unknown as NodeLike, out);
  return { title: (article?.title ?? '').trim() || title, text: tidy(out.join('')) };
}
