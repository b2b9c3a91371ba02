import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * Every HTML the chat shows passes one of these allow-lists (spec chat §5). Rendered markdown,
 * KaTeX and highlighted code use the content list; mermaid diagrams the SVG list. Inline styles
 * survive only as the declarations KaTeX needs (sizes, margins, colours, a bounded `top`), so no
 * message can position itself over the page; links open in a new tab without the opener.
 */
const CONTENT_TAGS = [
  // markdown
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 'del', 's', 'mark', 'small',
  'sub', 'sup', 'code', 'pre', 'kbd', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody',
  'tfoot', 'tr', 'th', 'td', 'caption', 'a', 'img', 'span', 'div', 'details', 'summary', 'figure', 'figcaption',
  // our code-block head and math wrappers (markdown-it-texmath)
  'button', 'section', 'eq', 'eqn',
  // KaTeX: HTML with a few SVG stretchy glyphs, plus MathML for screen readers
  'svg', 'path', 'line', 'math', 'semantics', 'annotation', 'mrow', 'mi', 'mo', 'mn', 'ms', 'mtext', 'mspace',
  'msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover', 'mtable', 'mtr', 'mtd',
  'mstyle', 'mpadded', 'mphantom', 'menclose', 'mlabeledtr',
];

const CONTENT_ATTRS = [
  'href', 'src', 'alt', 'title', 'class', 'style', 'colspan', 'rowspan', 'align', 'start', 'type', 'width', 'height',
  'viewBox', 'preserveAspectRatio', 'd', 'x1', 'x2', 'y1', 'y2', 'stroke-width', 'aria-hidden', 'aria-label',
  'mathvariant', 'encoding', 'display', 'xmlns', 'stretchy', 'fence', 'separator', 'lspace', 'rspace', 'accent',
  'accentunder', 'columnalign', 'columnspacing', 'rowspacing', 'linethickness', 'scriptlevel', 'displaystyle',
  'target', 'rel', 'open', 'disabled',
];

const STYLE_PROPERTIES = new Set([
  'height', 'width', 'min-width', 'max-width', 'vertical-align', 'margin-left', 'margin-right', 'margin-top',
  'margin-bottom', 'padding-left', 'padding-right', 'border-bottom-width', 'border-top-width', 'border-right-width',
  'border-left-width', 'border-style', 'border-color', 'color', 'background-color', 'font-size', 'font-weight',
  'font-style', 'text-align', 'text-decoration', 'top', 'line-height',
]);

/** `top` moves a KaTeX glyph within its line; anything larger could cover other parts of the page. */
const BOUNDED_TOP = /^-?\d*\.?\d+em$/;
const MAX_TOP_EM = 20;

/** The declarations of a style attribute that stay; '' when none does. */
export function filterStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon <= 0) return false;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim().toLowerCase();
      if (!STYLE_PROPERTIES.has(property) || /url\(|expression|\\|javascript:|@import|var\(/.test(value)) return false;
      if (property === 'top') return BOUNDED_TOP.test(value) && Math.abs(parseFloat(value)) <= MAX_TOP_EM;
      return true;
    })
    .join(';');
}

const CONTENT_CONFIG: Config = {
  ALLOWED_TAGS: CONTENT_TAGS,
  ALLOWED_ATTR: CONTENT_ATTRS,
  ALLOW_DATA_ATTR: true,
  ALLOW_ARIA_ATTR: true,
  SANITIZE_NAMED_PROPS: true,
  IN_PLACE: true,
};

/**
 * The content purifier, configured once (`setConfig`: a config passed to each call is parsed
 * again every time), with the element markup is parsed into before it is cleaned: an element of an
 * inert document (`createHTMLDocument`), where parsing runs no script and loads nothing, reused —
 * DOMPurify given a string makes a new document for every call, which cost more than the rest of
 * rendering a streamed answer (issue 23).
 */
let content: { purifier: DOMPurify; scratch: HTMLElement } | null = null;
let svg: DOMPurify | null = null;

function contentPurifier(): { purifier: DOMPurify; scratch: HTMLElement } {
  if (content) return content;
  const purifier = createDOMPurify(window);
  purifier.setConfig(CONTENT_CONFIG);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    data.attrValue = filterStyle(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    // a <button> in a message can never submit anything.
    if (node.tagName === 'BUTTON') node.setAttribute('type', 'button');
  });
  content = { purifier, scratch: document.implementation.createHTMLDocument('').createElement('div') };
  return content;
}

/** `html` parsed into the scratch element and cleaned there; `take` reads what is left before the element is emptied. */
function cleaned<T>(html: string, take: (clean: HTMLElement) => T): T {
  const { purifier, scratch } = contentPurifier();
  scratch.innerHTML = html;
  try {
    purifier.sanitize(scratch);
    return take(scratch);
  } finally {
    scratch.textContent = '';
  }
}

/** Rendered markdown, KaTeX and highlighted code. */
export function sanitizeHtml(html: string): string {
  return cleaned(html, (clean) => clean.innerHTML);
}

/** `html` sanitized into `target`, replacing its content: the clean nodes move in, not parsed a second time. */
export function replaceWithSanitized(target: Element, html: string): void {
  cleaned(html, (clean) => target.replaceChildren(...Array.from(clean.childNodes)));
}

/** A mermaid diagram: SVG with HTML labels (foreignObject), no scripts, handlers or links out. */
export function sanitizeSvg(markup: string): string {
  svg ??= createDOMPurify(window);
  return svg.sanitize(markup, {
    USE_PROFILES: { svg: true, svgFilters: true, html: true },
    ADD_TAGS: ['foreignObject'],
    FORBID_TAGS: ['a', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'button'],
    FORBID_ATTR: ['href', 'xlink:href'],
    HTML_INTEGRATION_POINTS: { foreignobject: true },
  }) as string;
}
