import { createCipheriv, randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { DEFAULT_SIGN_IV, DEFAULT_SIGN_KEY } from '../config.js';

export type SignedHeaders = { type: string; sec: string; sec2: string };

/** The three headers the browser SDK sends, built the way the spec says (server/README.md, "Request signature"). */
export function signForTest(
  nowSeconds = Date.now() / 1000,
  { key = DEFAULT_SIGN_KEY, iv = DEFAULT_SIGN_IV, nonce = randomBytes(16).toString('base64') } = {},
): SignedHeaders {
  const seconds = String(Math.floor(nowSeconds));
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  const sec = Buffer.concat([cipher.update(seconds, 'utf8'), cipher.final()]).toString('base64');
  return { type: nonce, sec, sec2: seconds };
}

/** An inject call with a fresh signature added to its headers. */
export function signed(options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, ...signForTest() } };
}
