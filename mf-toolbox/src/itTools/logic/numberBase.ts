import { t } from '../i18n';
import { fail, ok, type Result } from './result';

export const BASES = [2, 8, 10, 16, 36] as const;
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const PREFIXES: Record<string, number> = { '0b': 2, '0o': 8, '0x': 16 };

/** An integer of any size written in `base` (2–36); 0b / 0o / 0x prefixes, _ and spaces allowed. */
export function parseInBase(input: string, base: number): Result<bigint> {
  let text = input.trim().replace(/[_\s]/g, '').toLowerCase();
  if (!text) return fail(t('it.common.empty'));
  if (!Number.isInteger(base) || base < 2 || base > 36) return fail(t('it.base.badBase'));
  const negative = text.startsWith('-');
  if (negative || text.startsWith('+')) text = text.slice(1);
  const prefix = PREFIXES[text.slice(0, 2)];
  if (prefix === base) text = text.slice(2);
  if (!text) return fail(t('it.common.empty'));
  let value = 0n;
  const b = BigInt(base);
  for (const [i, ch] of [...text].entries()) {
    const digit = DIGITS.indexOf(ch);
    if (digit < 0 || digit >= base) return fail(t('it.base.badDigit', { char: ch, n: i + 1, base }));
    value = value * b + BigInt(digit);
  }
  return ok(negative ? -value : value);
}

export function toBase(value: bigint, base: number): string {
  return value.toString(base);
}

/** The value in every common base and the one asked for. */
export function convertBases(input: string, from: number, extra?: number): Result<Record<number, string>> {
  const value = parseInBase(input, from);
  if (!value.ok) return value;
  const bases = extra && !BASES.includes(extra as (typeof BASES)[number]) ? [...BASES, extra] : [...BASES];
  return ok(Object.fromEntries(bases.map((b) => [b, toBase(value.value, b)])));
}

/** Groups of digits for reading (binary by 4, decimal by 3). */
export function grouped(text: string, base: number): string {
  const size = base === 2 || base === 16 ? 4 : base === 10 || base === 8 ? 3 : 0;
  if (!size) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const digits = sign ? text.slice(1) : text;
  const out: string[] = [];
  for (let end = digits.length; end > 0; end -= size) out.unshift(digits.slice(Math.max(0, end - size), end));
  return sign + out.join(base === 10 ? ',' : ' ');
}
