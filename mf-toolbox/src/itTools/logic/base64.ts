import { t } from '../i18n';
import { bytesToBase64, utf8Bytes, utf8Text } from './bytes';
import { fail, ok, type Result } from './result';

export interface Base64Options {
  /** RFC 4648 §5 alphabet (- and _ instead of + and /). */
  urlSafe?: boolean;
  /** Keep the = padding (the URL-safe form usually drops it). */
  pad?: boolean;
}

export function encodeBase64Bytes(bytes: Uint8Array, { urlSafe = false, pad = true }: Base64Options = {}): string {
  let out = bytesToBase64(bytes);
  if (urlSafe) out = out.replace(/\+/g, '-').replace(/\//g, '_');
  return pad ? out : out.replace(/=+$/, '');
}

/** UTF-8 text to Base64. */
export const encodeBase64 = (text: string, options?: Base64Options): string => encodeBase64Bytes(utf8Bytes(text), options);

/** Base64 in either alphabet, with or without padding and line breaks, to bytes. */
export function decodeBase64Bytes(input: string): Result<Uint8Array> {
  const compact = input.replace(/\s+/g, '');
  const bad = compact.search(/[^A-Za-z0-9+/\-_=]/);
  if (bad >= 0) return fail(t('it.base64.badChar', { char: compact[bad]!, n: bad + 1 }));
  const body = compact.replace(/=+$/, '');
  if (body.includes('=')) return fail(t('it.base64.badPadding'));
  if (body.length % 4 === 1) return fail(t('it.base64.badLength'));
  const standard = body.replace(/-/g, '+').replace(/_/g, '/');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  try {
    const binary = atob(padded);
    return ok(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return fail(t('it.base64.invalid'));
  }
}

/** Base64 to UTF-8 text; bytes that are not UTF-8 text say so. */
export function decodeBase64(input: string): Result<string> {
  const bytes = decodeBase64Bytes(input);
  if (!bytes.ok) return bytes;
  const text = utf8Text(bytes.value);
  return text === null ? fail(t('it.base64.notText', { n: bytes.value.length })) : ok(text);
}

export interface DataUrl {
  mime: string;
  base64: string;
  bytes: number;
}

/** A `data:<mime>;base64,…` URL (or bare Base64, read as PNG) checked and measured. */
export function parseDataUrl(input: string): Result<DataUrl> {
  const trimmed = input.trim();
  if (!trimmed) return fail(t('it.common.empty'));
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,(.*)$/s.exec(trimmed);
  if (trimmed.startsWith('data:') && !match) return fail(t('it.base64Image.notBase64Url'));
  const base64 = (match ? match[2]! : trimmed).replace(/\s+/g, '');
  const bytes = decodeBase64Bytes(base64);
  if (!bytes.ok) return bytes;
  if (bytes.value.length === 0) return fail(t('it.common.empty'));
  const mime = match?.[1] ?? sniffImage(bytes.value);
  if (!mime) return fail(t('it.base64Image.unknownType'));
  return ok({ mime, base64, bytes: bytes.value.length });
}

const SIGNATURES: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/webp', [0x52, 0x49, 0x46, 0x46]],
  ['image/bmp', [0x42, 0x4d]],
];

/** The image type of bare Base64, from its first bytes (SVG from its text). */
function sniffImage(bytes: Uint8Array): string | null {
  const found = SIGNATURES.find(([, head]) => head.every((b, i) => bytes[i] === b));
  if (found) return found[0];
  const start = (utf8Text(bytes.subarray(0, 256)) ?? '').trimStart();
  return start.startsWith('<svg') || start.startsWith('<?xml') ? 'image/svg+xml' : null;
}
