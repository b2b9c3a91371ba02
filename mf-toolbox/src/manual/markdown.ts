import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';
import { slugger } from './slug';

type Token = ReturnType<ReturnType<typeof MarkdownIt>['parse']>[number];

export interface Heading {
  level: number;
  text: string;
  id: string;
}

/**
 * The manual's and the FAQ's markdown renderer: markdown-it with the chat's options (linkify,
 * tables) but no raw HTML — the content is ours, in the repo — and the result through DOMPurify
 * all the same. Headings get ids (`slug.ts`) and come back as the table of contents; links to
 * other sites open in a new tab without the opener.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const headingText = (inline: Token | undefined) =>
  (inline?.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('')
    .trim();

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
md.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const href = tokens[index]!.attrGet('href') ?? '';
  if (/^https?:\/\//i.test(String(href))) {
    tokens[index]!.attrSet('target', '_blank');
    tokens[index]!.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

export function renderMarkdown(source: string, nextId: (text: string) => string = slugger()): { html: string; headings: Heading[] } {
  const tokens = md.parse(source, {});
  const headings: Heading[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const text = headingText(tokens[index + 1]);
    const id = nextId(text);
    token.attrSet('id', id);
    headings.push({ level: Number(token.tag.slice(1)), text, id });
  });
  const html = DOMPurify.sanitize(md.renderer.render(tokens, md.options, {}), { ADD_ATTR: ['target'] });
  return { html, headings };
}
