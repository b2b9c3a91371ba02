import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from './etag.js';
import { escapeHtml } from './htmlPage.js';
import { jsonDataBlock } from './jsonDataBlock.js';

/** A `<link rel="preload">` the page carries; `crossorigin` when the file is fetched in CORS mode (the MF runtime's `fetch` of a manifest). */
export interface PreloadLink {
  href: string;
  as: 'script' | 'style' | 'fetch';
  crossorigin?: boolean;
}

/** What the server writes into the host's index.html for one visitor and route. */
export interface PageContent {
  /** JSON data blocks by element id (the host reads them instead of calling the API). */
  json: Record<string, unknown>;
  preloads: PreloadLink[];
  /** `data-layout` of `<html>`: which outline the page's static first frame draws. */
  layout: string;
}

export type PageContentOf = (request: FastifyRequest, reply: FastifyReply, pathname: string) => Promise<PageContent>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** A page is a few KiB and the same for every visitor of a cohort and layout: compressed once at high quality and kept. */
const ENCODERS = {
  br: (body: Buffer) => brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => gzip(body, { level: 9 }),
};
type Encoding = keyof typeof ENCODERS;
const ENCODINGS = Object.keys(ENCODERS) as Encoding[];
/** Distinct pages kept encoded: registries (cohorts) × layouts, a handful in practice. */
const ENCODED_CACHE_SIZE = 64;

interface Representation {
  body: Buffer;
  etag: string;
}

function hashOf(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 22);
}

function preloadMarkup({ href, as, crossorigin }: PreloadLink): string {
  return `<link rel="preload" href="${escapeHtml(href)}" as="${as}"${crossorigin ? ' crossorigin' : ''}>`;
}

/** The template with the content put in: data blocks and hints before `</head>` (at the end when it has none), the layout on `<html>`. */
export function renderPage(template: string, content: PageContent): string {
  const head = [...Object.entries(content.json).map(([id, value]) => jsonDataBlock(id, value)), ...content.preloads.map(preloadMarkup)].join('');
  const at = template.search(/<\/head>/i);
  const withHead = at < 0 ? template + head : template.slice(0, at) + head + template.slice(at);
  return withHead.replace(/<html\b/i, `<html data-layout="${escapeHtml(content.layout)}"`);
}

/**
 * The host's index.html for page requests (`/`, `/index.html` and the history-mode fallback), made
 * per visitor: the registry this visitor gets and the route's preload hints written in
 * (`PageContent`). `no-cache`, an ETag per content and encoding (304 when unchanged), br or gzip as
 * accepted. The template is re-read when the host build replaces it.
 */
export class HostPage {
  private template: { mtimeMs: number; text: string } | null = null;
  private readonly encoded = new Map<string, Representation>();

  constructor(
    private readonly indexFile: string,
    private readonly contentOf: PageContentOf,
    private readonly warn: (message: string, error: unknown) => void,
  ) {}

  private currentTemplate(): string {
    const { mtimeMs } = fs.statSync(this.indexFile);
    if (this.template?.mtimeMs !== mtimeMs) this.template = { mtimeMs, text: fs.readFileSync(this.indexFile, 'utf8') };
    return this.template.text;
  }

  private async representation(page: string, encoding: Encoding | undefined): Promise<Representation> {
    const plain = Buffer.from(page);
    const hash = hashOf(plain);
    if (!encoding) return { body: plain, etag: `"${hash}"` };
    const key = `${hash}:${encoding}`;
    const cached = this.encoded.get(key);
    if (cached) return cached;
    const made = { body: await ENCODERS[encoding](plain), etag: `"${hash}-${encoding}"` };
    if (this.encoded.size >= ENCODED_CACHE_SIZE) this.encoded.delete(this.encoded.keys().next().value!);
    this.encoded.set(key, made);
    return made;
  }

  async send(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply> {
    const template = this.currentTemplate();
    let page = template;
    try {
      page = renderPage(template, await this.contentOf(request, reply, pathname));
    } catch (error) {
      // The host fetches the registry itself when the page carries none.
      this.warn('page content unavailable, serving the bare host page', error);
    }
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as Encoding | undefined;
    const { body, etag } = await this.representation(page, encoding);
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('etag', etag);
    if (encoding) reply.header('content-encoding', encoding);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    reply.header('content-length', body.length);
    return request.method === 'HEAD' ? reply.send() : reply.send(body);
  }
}
