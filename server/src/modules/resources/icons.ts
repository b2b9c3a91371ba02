import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * Icons ops upload for items (`pnpm ops resources icon`). Nothing is ever fetched from the
 * internet: an item without one shows the letter icon the page draws (`letterIconOf`). Files live
 * in the blob store under ICON_PREFIX with the content's hash in the name, so their URL is
 * immutable and a replaced icon is a new URL.
 */
export const ICON_PREFIX = 'resources/icons/';
export const ICON_ROUTE = '/public/resource-icons';
export const ICON_FILE = /^[a-z0-9][a-z0-9-]{0,39}-[0-9a-f]{12}\.(png|jpg|webp|svg)$/;
export const MAX_ICON_BYTES = 256 * 1024;

const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' } as const;
type IconExtension = keyof typeof TYPES;

export const iconUrl = (key: string) => `/app-api${ICON_ROUTE}/${key.slice(ICON_PREFIX.length)}`;

/** The kind of image by its first bytes (the file name's extension is not trusted). */
function sniff(bytes: Buffer): IconExtension | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/**
 * Checks an icon file and names its blob: PNG, JPG, WEBP or SVG (without scripts or event
 * handlers: an `<img>` would not run them, but the file is also reachable as a page of its own).
 * Throws a Chinese message for the operator.
 */
export function iconBlobOf(itemId: string, file: string, bytes: Buffer): { key: string; contentType: string } {
  if (bytes.length === 0) throw new Error(`${path.basename(file)} 是空文件`);
  if (bytes.length > MAX_ICON_BYTES) throw new Error(`图标不能超过 ${MAX_ICON_BYTES / 1024} KB（${path.basename(file)} 有 ${Math.ceil(bytes.length / 1024)} KB）`);
  const kind = sniff(bytes);
  if (!kind) throw new Error(`${path.basename(file)} 不是 PNG、JPG、WEBP 或 SVG 图片`);
  if (kind === 'svg' && /<script|\son[a-z]+\s*=|javascript:|<foreignObject/i.test(bytes.toString('utf8'))) {
    throw new Error(`${path.basename(file)} 含有脚本或事件属性，不能作为图标`);
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return { key: `${ICON_PREFIX}${itemId}-${hash}.${kind}`, contentType: TYPES[kind] };
}
