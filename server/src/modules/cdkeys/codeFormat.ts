import { createHash, randomInt } from 'node:crypto';
import { INVITE_CODE_ALPHABET } from '../users/inviteCode.js';

/** The invite codes' alphabet: no 0/O, 1/I/L, so a code read aloud or off a screenshot types right. */
export const CDKEY_ALPHABET = INVITE_CODE_ALPHABET;
const GROUPS = 3;
const GROUP_LENGTH = 4;
const BODY_LENGTH = GROUPS * GROUP_LENGTH;

const format = (body: string) => `QM-${body.match(/.{4}/g)!.join('-')}`;

/** QM-XXXX-XXXX-XXXX: 12 characters of 31, about 59 bits. */
export function randomCdkey(): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += CDKEY_ALPHABET[randomInt(CDKEY_ALPHABET.length)];
  return format(body);
}

/** The code as printed, from what a user typed (any case, with or without QM- and dashes); null when it cannot be one. */
export function canonicalCdkey(input: string): string | null {
  let body = input.toUpperCase().replace(/[\s\-_]/g, '');
  if (body.length === BODY_LENGTH + 2 && body.startsWith('QM')) body = body.slice(2);
  if (body.length !== BODY_LENGTH || ![...body].every((c) => CDKEY_ALPHABET.includes(c))) return null;
  return format(body);
}

/** What is stored: codes are bearer secrets, so only their sha256 is kept. */
export function hashCdkey(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}

export function maskedCdkey(last4: string): string {
  return `QM-****-****-${last4}`;
}
