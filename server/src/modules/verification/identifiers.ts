import { z } from 'zod';
import { AppError } from '../../http/envelope.js';

export const INVALID_PHONE = '请输入正确的手机号';
export const INVALID_EMAIL = '请输入正确的邮箱地址';

/** A mainland China mobile number after separators and the country code are removed. */
const MAINLAND_MOBILE = /^(?:\+?86)?(1[3-9]\d{9})$/;
const Email = z.email().max(254);

/** 11 digits `1[3-9]\d{9}`: spaces and dashes removed, an optional +86 / 86 prefix dropped; null when not a mainland mobile number. */
export function normalisePhone(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  return MAINLAND_MOBILE.exec(input.replace(/[\s-]/g, ''))?.[1] ?? null;
}

/** Trimmed and lower-cased; null when not an e-mail address. */
export function normaliseEmail(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const email = input.trim().toLowerCase();
  return Email.safeParse(email).success ? email : null;
}

/** A phone number or an e-mail address, normalised; null when it is neither. */
export function normaliseTarget(input: unknown): string | null {
  return normalisePhone(input) ?? normaliseEmail(input);
}

/** normalisePhone, or the 400 refusal `请输入正确的手机号`. */
export function requirePhone(input: unknown): string {
  const phone = normalisePhone(input);
  if (phone === null) throw new AppError(400, INVALID_PHONE);
  return phone;
}

/** normaliseEmail, or the 400 refusal `请输入正确的邮箱地址`. */
export function requireEmail(input: unknown): string {
  const email = normaliseEmail(input);
  if (email === null) throw new AppError(400, INVALID_EMAIL);
  return email;
}
