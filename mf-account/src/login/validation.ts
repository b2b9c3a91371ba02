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

export const TARGET_MESSAGES: Record<Channel, { placeholder: string; invalid: string; required: string }> = {
  phone: { placeholder: '请输入手机号', invalid: '请输入正确的手机号', required: '请输入手机号' },
  email: { placeholder: '请输入邮箱地址', invalid: '请输入正确的邮箱地址', required: '请输入邮箱地址' },
};

export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
export const PASSWORD_MESSAGE = '密码至少 8 位，且需同时包含字母和数字';
export const CODE_RULE = /^\d{6}$/;
