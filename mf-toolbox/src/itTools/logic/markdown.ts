import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: true, linkify: true, typographer: false, breaks: false });

/**
 * Markdown to HTML with raw HTML allowed and then sanitised (DOMPurify: no scripts, handlers or
 * javascript: links). The page shows it in a sandboxed iframe as well.
 */
export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(md.render(text), { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'], FORBID_ATTR: ['style'] });
}

/** The preview's whole document: the sanitised body and a small readable stylesheet. */
export function previewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>
body{font:14px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#222;margin:12px;word-wrap:break-word}
pre{background:#f6f8fa;padding:12px;border-radius:6px;overflow:auto}code{background:#f6f8fa;padding:0 4px;border-radius:4px}
pre code{padding:0}table{border-collapse:collapse}th,td{border:1px solid #ddd;padding:4px 8px}
blockquote{margin:0;padding:0 12px;border-left:4px solid #ddd;color:#666}img{max-width:100%}
</style></head><body>${html}</body></html>`;
}
