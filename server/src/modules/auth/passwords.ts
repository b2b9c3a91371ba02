import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../http/envelope.js';

export const PASSWORD_RULE_MESSAGE = '密码至少 8 位，且需同时包含字母和数字';
export const PASSWORD_MAX_LENGTH = 128;

/** 8+ characters with at least one letter and one digit. */
export function assertPasswordRule(password: string): void {
  if (password.length < 8 || password.length > PASSWORD_MAX_LENGTH || !/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) {
    throw new AppError(400, PASSWORD_RULE_MESSAGE);
  }
}

/** argon2id with the library's defaults (OWASP's 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // not an argon2 hash
  }
}
