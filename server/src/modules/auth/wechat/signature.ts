import { createHash, timingSafeEqual } from 'node:crypto';

/** The signature WeChat puts on its pushes: sha1 (hex) of token, timestamp and nonce sorted and joined. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function wechatSignatureValid(token: string, query: { signature?: unknown; timestamp?: unknown; nonce?: unknown }): boolean {
  const { signature, timestamp, nonce } = query;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string') return false;
  const expected = Buffer.from(wechatSignature(token, timestamp, nonce));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
