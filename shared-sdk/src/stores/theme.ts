import { makeAutoObservable } from 'mobx';
import { STORAGE_KEYS, type KeyValueStorage } from './storageKeys';

/** spec platform §9: the theme's primary colours. */
export const THEME_COLORS = {
  purple: '#6d4aff',
  blue: '#1677ff',
  green: '#16a34a',
  yellow: '#d48806',
} as const;

export type ThemeColor = keyof typeof THEME_COLORS;

export interface ThemeChoice {
  /** Only the light theme exists (spec platform §1): anything else read or asked for becomes light. */
  mode: 'light';
  primary: ThemeColor;
}

export const DEFAULT_THEME: ThemeChoice = { mode: 'light', primary: 'purple' };

const isColor = (value: unknown): value is ThemeColor => typeof value === 'string' && value in THEME_COLORS;

/**
 * Reads the stored `theme` value: our JSON `{mode, primary}`, or an older plain "light" / "dark".
 * Dark, unknown or broken values are coerced to the light theme.
 */
export function readTheme(stored: string | null): ThemeChoice {
  if (!stored) return { ...DEFAULT_THEME };
  try {
    const parsed = JSON.parse(stored) as { primary?: unknown } | null;
    return { mode: 'light', primary: isColor(parsed?.primary) ? parsed.primary : DEFAULT_THEME.primary };
  } catch {
    return { ...DEFAULT_THEME };
  }
}

/** The page's theme: light, with the chosen primary colour, kept in local storage. */
export class ThemeStore {
  choice: ThemeChoice;

  constructor(private readonly storage: KeyValueStorage) {
    this.choice = readTheme(storage.getItem(STORAGE_KEYS.theme));
    // Write back what was coerced, so a stored "dark" does not linger.
    storage.setItem(STORAGE_KEYS.theme, JSON.stringify(this.choice));
    makeAutoObservable<this, 'storage'>(this, { storage: false });
  }

  get primaryHex(): string {
    return THEME_COLORS[this.choice.primary];
  }

  /** Anything but light is coerced to light; an unknown colour keeps the current one. */
  choose(change: { mode?: string; primary?: string }): void {
    this.choice = { mode: 'light', primary: isColor(change.primary) ? change.primary : this.choice.primary };
    this.storage.setItem(STORAGE_KEYS.theme, JSON.stringify(this.choice));
  }
}
