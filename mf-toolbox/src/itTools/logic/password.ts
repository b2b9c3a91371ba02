export interface PasswordOptions {
  length: number;
  lower: boolean;
  upper: boolean;
  digits: boolean;
  symbols: boolean;
  /** Leave out look-alikes: 0 O o 1 l I | ` ' " */
  noLookAlikes: boolean;
}

const SETS = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  symbols: '!@#$%^&*()-_=+[]{};:,.<>/?~',
} as const;
const LOOK_ALIKES = /[0Oo1lI|`'"]/g;

export const MIN_LENGTH = 4;
export const MAX_LENGTH = 128;

/** The character sets the options choose, look-alikes removed. */
export function chosenSets(options: PasswordOptions): string[] {
  return (Object.keys(SETS) as (keyof typeof SETS)[]).filter((k) => options[k]).map((k) => (options.noLookAlikes ? SETS[k].replace(LOOK_ALIKES, '') : SETS[k]));
}

export type RandomSource = (buffer: Uint32Array) => Uint32Array;
const cryptoRandom: RandomSource = (buffer) => crypto.getRandomValues(buffer);

/** A uniform index below n (rejection sampling, no modulo bias). */
function randomBelow(n: number, random: RandomSource): number {
  const limit = Math.floor(0x100000000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0]!;
    if (value < limit) return value % n;
  }
}

/**
 * A password with at least one character of every chosen set, the rest from their union, shuffled.
 * Null when no set is chosen.
 */
export function generatePassword(options: PasswordOptions, random: RandomSource = cryptoRandom): string | null {
  const sets = chosenSets(options);
  if (sets.length === 0) return null;
  const length = Math.min(MAX_LENGTH, Math.max(MIN_LENGTH, Math.trunc(options.length), sets.length));
  const pool = sets.join('');
  const chars = sets.map((set) => set[randomBelow(set.length, random)]!);
  while (chars.length < length) chars.push(pool[randomBelow(pool.length, random)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, random);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export type Strength = 'veryWeak' | 'weak' | 'fair' | 'strong' | 'veryStrong';

/**
 * Entropy of a password drawn at random from the character classes it uses: length × log2(pool).
 * It measures random passwords (what this tool makes); a typed word scores higher than it deserves.
 */
export function estimateStrength(password: string): { bits: number; strength: Strength } {
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(password)) pool += 32;
  const bits = pool ? Math.round([...password].length * Math.log2(pool)) : 0;
  const strength: Strength = bits < 28 ? 'veryWeak' : bits < 36 ? 'weak' : bits < 60 ? 'fair' : bits < 128 ? 'strong' : 'veryStrong';
  return { bits, strength };
}
