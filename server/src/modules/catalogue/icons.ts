import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The model icons: small original SVGs (a rounded square in a group colour with one or two letters)
 * in `icons/`, one per model group and a few for media kinds. Read once at startup; the route
 * answers from this map, so a request can never name a file outside it.
 */
const ICON_DIR = fileURLToPath(new URL('./icons/', import.meta.url));

export const ICON_ROUTE_PREFIX = '/app-api/public/model-icons/';

/** A name as the icon route accepts it (the file is `<name>.svg`). */
export const ICON_NAME = /^[a-z0-9-]{1,40}$/;

function readIcons(): ReadonlyMap<string, Buffer> {
  const icons = new Map<string, Buffer>();
  for (const file of fs.readdirSync(ICON_DIR).sort()) {
    const name = file.replace(/\.svg$/, '');
    if (file.endsWith('.svg') && ICON_NAME.test(name)) icons.set(name, fs.readFileSync(`${ICON_DIR}${file}`));
  }
  return icons;
}

export const MODEL_ICONS = readIcons();

const hashes = new Map([...MODEL_ICONS].map(([name, svg]) => [name, createHash('sha256').update(svg).digest('hex').slice(0, 10)]));

/**
 * The URL of a built-in icon. It carries the file's content hash, so the route can answer with an
 * immutable cache header and a changed icon still reaches every browser.
 */
export function iconUrl(name: string): string {
  const hash = hashes.get(name);
  if (!hash) throw new Error(`no icon ${name}.svg in ${ICON_DIR}`);
  return `${ICON_ROUTE_PREFIX}${name}.svg?v=${hash}`;
}

/** The icon name a local icon URL points at, or null for any other URL. */
export function localIconName(url: string): string | null {
  if (!url.startsWith(ICON_ROUTE_PREFIX)) return null;
  const match = /^([a-z0-9-]{1,40})\.svg(\?v=[0-9a-f]{1,64})?$/.exec(url.slice(ICON_ROUTE_PREFIX.length));
  return match ? match[1]! : null;
}

/** Ops may name a built-in icon ("image") instead of its URL. */
export function iconValue(value: unknown): unknown {
  return typeof value === 'string' && MODEL_ICONS.has(value) ? iconUrl(value) : value;
}
