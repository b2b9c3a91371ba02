/**
 * Key rules shared by both stores, so a key one store takes the other takes too: '/'-separated
 * segments, none empty, '.' or '..'; no leading '/', no backslash, no control character; at most
 * 1024 UTF-8 bytes (S3's limit). The local store's own folder name is refused as a first segment.
 */
export class BlobKeyError extends Error {}

/** Under a local store's root: content types and writes in progress (localBlobStore.ts). */
export const LOCAL_SYSTEM_DIR = '.blobstore';

const MAX_KEY_BYTES = 1024;

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function problemOf(key: string): string | null {
  if (typeof key !== 'string' || key === '') return 'is empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `is longer than ${MAX_KEY_BYTES} bytes`;
  if (CONTROL.test(key)) return 'contains a control character';
  if (key.includes('\\')) return 'contains a backslash';
  if (key.startsWith('/')) return 'is absolute';
  const segments = key.split('/');
  if (segments.some((segment) => segment === '')) return 'has an empty segment';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'has a . or .. segment';
  if (segments[0] === LOCAL_SYSTEM_DIR) return `starts with the reserved ${LOCAL_SYSTEM_DIR}/`;
  return null;
}

const shown = (key: string) => JSON.stringify(String(key).slice(0, 200));

/** Throws BlobKeyError unless the key is safe (see the rules above). */
export function assertSafeKey(key: string): void {
  const problem = problemOf(key);
  if (problem) throw new BlobKeyError(`unsafe blob key ${shown(key)}: it ${problem}`);
}

/** A prefix is '' (everything) or a safe key, with or without a trailing '/'. */
export function assertSafePrefix(prefix: string): void {
  if (prefix === '') return;
  const problem = problemOf(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  if (problem) throw new BlobKeyError(`unsafe blob prefix ${shown(prefix)}: it ${problem}`);
}

/** The content type given to put: a non-empty header value (it is sent back as Content-Type). */
export function assertContentType(contentType: string): void {
  if (typeof contentType !== 'string' || !contentType.trim() || contentType.length > 200 || CONTROL.test(contentType)) {
    throw new BlobKeyError(`invalid content type ${shown(contentType)}`);
  }
}
