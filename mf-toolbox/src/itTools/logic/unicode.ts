import { toHex, utf8Bytes } from './bytes';

export interface CodePointInfo {
  char: string;
  codePoint: string;
  decimal: number;
  utf8: string;
  utf16: string;
  category: string;
  /** The HTML and JavaScript / CSS escapes. */
  html: string;
  js: string;
}

// Unicode general categories, most common first; the key is the i18n suffix.
const CATEGORIES: [RegExp, string][] = [
  [/\p{Lu}/u, 'Lu'], [/\p{Ll}/u, 'Ll'], [/\p{Lo}/u, 'Lo'], [/\p{L}/u, 'L'],
  [/\p{Nd}/u, 'Nd'], [/\p{N}/u, 'N'], [/\p{Zs}/u, 'Zs'], [/\p{P}/u, 'P'],
  [/\p{Sm}/u, 'Sm'], [/\p{Sc}/u, 'Sc'], [/\p{So}/u, 'So'], [/\p{S}/u, 'S'],
  [/\p{M}/u, 'M'], [/\p{Cc}/u, 'Cc'], [/\p{Cf}/u, 'Cf'], [/\p{Cs}/u, 'Cs'], [/\p{Co}/u, 'Co'], [/\p{Z}/u, 'Z'],
];

export function categoryOf(char: string): string {
  return CATEGORIES.find(([re]) => re.test(char))?.[1] ?? 'Cn';
}

const hex = (n: number, width = 4) => n.toString(16).toUpperCase().padStart(width, '0');

/** One row per code point (a lone surrogate included, as it is in the string). */
export function inspectUnicode(text: string, limit = 500): CodePointInfo[] {
  return [...text].slice(0, limit).map((char) => {
    const cp = char.codePointAt(0)!;
    const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
    return {
      char,
      codePoint: `U+${hex(cp)}`,
      decimal: cp,
      utf8: toHex(utf8Bytes(char), ' ').toUpperCase(),
      utf16: units.map((u) => hex(u)).join(' '),
      category: categoryOf(char),
      html: `&#x${hex(cp, 1)};`,
      js: cp > 0xffff ? `\\u{${hex(cp, 1)}}` : `\\u${hex(cp)}`,
    };
  });
}

export interface TextCounts {
  graphemes: number;
  codePoints: number;
  utf16Units: number;
  utf8Bytes: number;
}

export function countText(text: string): TextCounts {
  return {
    graphemes: graphemes(text).length,
    codePoints: [...text].length,
    utf16Units: text.length,
    utf8Bytes: utf8Bytes(text).length,
  };
}

/** User-perceived characters (an emoji with a skin tone is one). */
export function graphemes(text: string): string[] {
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
}
