import { utf8Bytes } from './bytes';
import { graphemes } from './unicode';

export interface TextStats {
  characters: number;
  charactersNoSpaces: number;
  chinese: number;
  /** Runs of Latin letters and digits (English words, numbers). */
  words: number;
  lines: number;
  paragraphs: number;
  utf8Bytes: number;
  /** Minutes at 300 Chinese characters or 200 words a minute, at least 1 for any text. */
  readingMinutes: number;
}

export function textStats(text: string): TextStats {
  const chars = graphemes(text);
  const chinese = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const words = (text.match(/[\p{Script=Latin}\d]+(?:['’-][\p{Script=Latin}\d]+)*/gu) ?? []).length;
  const minutes = chinese / 300 + words / 200;
  return {
    characters: chars.length,
    charactersNoSpaces: chars.filter((c) => !/^\s+$/u.test(c)).length,
    chinese,
    words,
    lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
    paragraphs: text.split(/(?:\r?\n\s*){2,}/).filter((p) => p.trim()).length,
    utf8Bytes: utf8Bytes(text).length,
    readingMinutes: text.trim() ? Math.max(1, Math.ceil(minutes)) : 0,
  };
}
