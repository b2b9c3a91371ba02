import { createHash, randomInt } from 'node:crypto';

export const KEY_PREFIX = 'sk-qm-';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 40;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH}}$`);

/** sk-qm- and 40 base62 characters (≈238 bits). */
export function newApiKey(): string {
  let key = KEY_PREFIX;
  for (let i = 0; i < RANDOM_LENGTH; i++) key += BASE62[randomInt(BASE62.length)];
  return key;
}

export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What lists show: the prefix and the last four characters. */
export function maskedKey(last4: string): string {
  return `${KEY_PREFIX}…${last4}`;
}
