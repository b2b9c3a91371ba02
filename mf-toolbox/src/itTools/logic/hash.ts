import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { bytesToBase64, toHex, utf8Bytes } from './bytes';

// @noble/hashes rather than Web Crypto: crypto.subtle exists only in secure contexts (a site
// served over plain http on an address other than localhost has none), and MD5 is not in it.
export const HASHES = { md5, sha1, sha256, sha384, sha512 } as const;
export type HashName = keyof typeof HASHES;
export const HASH_NAMES = Object.keys(HASHES) as HashName[];
export const HASH_LABELS: Record<HashName, string> = { md5: 'MD5', sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

export type Digest = { bytes: Uint8Array; hex: string; base64: string };

const digestOf = (bytes: Uint8Array): Digest => ({ bytes, hex: toHex(bytes), base64: bytesToBase64(bytes) });

/** Every hash of the bytes (a text's UTF-8 bytes, or a file's). */
export function hashAll(input: string | Uint8Array): Record<HashName, Digest> {
  const bytes = typeof input === 'string' ? utf8Bytes(input) : input;
  return Object.fromEntries(HASH_NAMES.map((name) => [name, digestOf(HASHES[name](bytes))])) as Record<HashName, Digest>;
}


export function hmacOf(name: HashName, key: string | Uint8Array, message: string | Uint8Array): Digest {
  const k = typeof key === 'string' ? utf8Bytes(key) : key;
  const m = typeof message === 'string' ? utf8Bytes(message) : message;
  return digestOf(hmac(HASHES[name], k, m));
}

const CHUNK = 4 * 1024 * 1024;

/** Every hash of a file, read 4 MiB at a time so the page keeps responding on large files. */
export async function hashBlob(blob: Blob, onProgress?: (fraction: number) => void): Promise<Record<HashName, Digest>> {
  const hashers = HASH_NAMES.map((name) => HASHES[name].create());
  for (let offset = 0; offset < blob.size; offset += CHUNK) {
    const chunk = new Uint8Array(await blob.slice(offset, offset + CHUNK).arrayBuffer());
    hashers.forEach((h) => h.update(chunk));
    onProgress?.(Math.min(1, (offset + CHUNK) / blob.size));
  }
  return Object.fromEntries(HASH_NAMES.map((name, i) => [name, digestOf(hashers[i]!.digest())])) as Record<HashName, Digest>;
}
