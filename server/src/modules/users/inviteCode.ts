import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: an invite code is read aloud and typed from screenshots. */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 8;

export function randomInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** The code as stored, or null when `input` cannot be one (so an unknown ?aff= costs no query). */
export function canonicalInviteCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return code.length === INVITE_CODE_LENGTH && [...code].every((c) => INVITE_CODE_ALPHABET.includes(c)) ? code : null;
}
