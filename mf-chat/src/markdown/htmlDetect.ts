/**
 * spec chat §2: HTML is "complex" above 100 tags or 20 structural tags; a message that holds a full
 * HTML document is shown as escaped code (with copy), never as markup.
 */
const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)(?=[\s/>])/g;
const STRUCTURAL = new Set([
  'html', 'head', 'body', 'div', 'section', 'article', 'header', 'footer', 'nav', 'main', 'aside', 'form', 'table',
  'iframe', 'script', 'style', 'link', 'meta', 'canvas', 'svg', 'template', 'frameset', 'frame', 'object', 'embed',
]);
export const COMPLEX_HTML = { tags: 100, structural: 20 } as const;

export function isComplexHtml(html: string): boolean {
  let tags = 0;
  let structural = 0;
  for (const match of html.matchAll(TAG)) {
    tags += 1;
    if (STRUCTURAL.has(match[1]!.toLowerCase())) structural += 1;
    if (tags > COMPLEX_HTML.tags || structural > COMPLEX_HTML.structural) return true;
  }
  return false;
}

/** A whole HTML page (doctype or <html> at the start), outside any code fence. */
export function isHtmlDocument(text: string): boolean {
  return /^\s*(<!doctype\s+html|<html[\s>])/i.test(text);
}
