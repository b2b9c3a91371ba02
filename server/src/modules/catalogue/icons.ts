import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import { fail } from '../../http/envelope.js';

/** A name as an icon route accepts it (the file is `<name>.svg`). */
export const ICON_NAME = /^[a-z0-9-]{1,40}$/;

/**
 * A folder of built-in SVG icons served under one route prefix. Read once at startup; the route
 * answers from this map, so a request can never name a file outside it. URLs carry the file's
 * content hash, so the route answers with an immutable cache header and a changed icon still
 * reaches every browser.
 */
export interface SvgIconSet {
  readonly icons: ReadonlyMap<string, Buffer>;
  readonly routePrefix: string;
  /** The URL of an icon; throws for a name without a file. */
  url(name: string): string;
  /** The icon name a URL of this set points at, or null for any other URL. */
  nameOf(url: string): string | null;
}

export function svgIconSet(dir: URL, routePrefix: string): SvgIconSet {
  const path = fileURLToPath(dir);
  const icons = new Map<string, Buffer>();
  for (const file of fs.existsSync(path) ? fs.readdirSync(path).sort() : []) {
    const name = file.replace(/\.svg$/, '');
    if (file.endsWith('.svg') && ICON_NAME.test(name)) icons.set(name, fs.readFileSync(`${path}${file}`));
  }
  const hashes = new Map([...icons].map(([name, svg]) => [name, createHash('sha256').update(svg).digest('hex').slice(0, 10)]));
  return {
    icons,
    routePrefix,
    url(name) {
      const hash = hashes.get(name);
      if (!hash) throw new Error(`no icon ${name}.svg in ${path}`);
      return `${routePrefix}${name}.svg?v=${hash}`;
    },
    nameOf(url) {
      if (!url.startsWith(routePrefix)) return null;
      const match = /^([a-z0-9-]{1,40})\.svg(\?v=[0-9a-f]{1,64})?$/.exec(url.slice(routePrefix.length));
      return match ? match[1]! : null;
    },
  };
}

/** Answers GET <prefix>:file with the icon of that name, cached for good, or 404 图标不存在. */
export function sendSvgIcon(set: SvgIconSet, file: string, reply: FastifyReply): FastifyReply {
  const name = file.endsWith('.svg') ? file.slice(0, -4) : '';
  const svg = ICON_NAME.test(name) ? set.icons.get(name) : undefined;
  if (!svg) return reply.status(404).send(fail(404, '图标不存在'));
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

/**
 * The model icons: small original SVGs (a rounded square in a group colour with one or two letters)
 * in `icons/`, one per model group and a few for media kinds.
 */
export const ICON_ROUTE_PREFIX = '/app-api/public/model-icons/';
export const MODEL_ICON_SET = svgIconSet(new URL('./icons/', import.meta.url), ICON_ROUTE_PREFIX);

export const MODEL_ICONS = MODEL_ICON_SET.icons;

/** The URL of a built-in model icon (with its content hash). */
export function iconUrl(name: string): string {
  return MODEL_ICON_SET.url(name);
}

/** The icon name a local icon URL points at, or null for any other URL. */
export function localIconName(url: string): string | null {
  return MODEL_ICON_SET.nameOf(url);
}

/** Ops may name a built-in icon ("image") instead of its URL. */
export function iconValue(value: unknown): unknown {
  return typeof value === 'string' && MODEL_ICONS.has(value) ? iconUrl(value) : value;
}
