import type { Channel } from '../api/accountApi';

/** Client-side checks that mirror the server's, so most mistakes are caught before a request. */
export function normalisePhone(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '').replace(/^(\+?86)/, '');
  return /^1[3-9]\d{9}$/.test(digits) ? digits : null;
}

export function normaliseEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}

export function normaliseTarget(channel: Channel, input: string): string | null {
  return channel === 'phone' ? normalisePhone(input) : normaliseEmail(input);
}

export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
export const CODE_RULE = /^\d{6}$/;
