import { randomInt } from 'node:crypto';

const MAX_BASE_LENGTH = 32;

/** 13800138000 → 138****8000 (a +86 country prefix is dropped first). */
export function maskedPhone(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.length > 11 && digits.startsWith('86')) digits = digits.slice(2);
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/** The part of the address before @. */
export function emailName(email: string): string {
  return email.slice(0, email.lastIndexOf('@')).slice(0, MAX_BASE_LENGTH) || 'user';
}

export function wechatName(): string {
  return `微信用户${randomDigits(4)}`;
}

/** A provider's login name, when it gives a usable one. */
export function socialName(name: string | null, providerName: string): string {
  const trimmed = name?.trim().slice(0, MAX_BASE_LENGTH);
  return trimmed || `${providerName}用户${randomDigits(4)}`;
}

export function randomDigits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}
