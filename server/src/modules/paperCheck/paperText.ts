/**
 * A paper's text as the detectors read it: paragraphs, sentences with their offsets, and tokens
 * (Chinese characters one by one, other scripts word by word).
 */

export interface Sentence {
  /** Offsets into the paragraph's text. */
  start: number;
  end: number;
  text: string;
}

/** Lines at least this long that do not end a sentence were wrapped (PDF text layers): joined with the next line. */
const WRAPPED_LINE = 30;
const ENDS_SENTENCE = /[。！？!?；;：:…”"’」』）)】\].]$/;

/** Non-space characters: what the limits and the length weights count. */
export const charCount = (text: string) => text.replace(/\s+/g, '').length;

/**
 * The paragraphs of an extracted text: blank lines or line ends separate them, except that a long
 * line that stops mid-sentence continues on the next (a PDF wraps its lines). Short lines stay
 * their own paragraph (headings).
 */
export function paragraphsOf(text: string): string[] {
  const paragraphs: string[] = [];
  let current = '';
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/[\t\u00a0\u3000 ]+/g, ' ').trim();
    if (!line) {
      if (current) paragraphs.push(current);
      current = '';
      continue;
    }
    current = current ? joinLines(current, line) : line;
    if (charCount(line) < WRAPPED_LINE || ENDS_SENTENCE.test(line)) {
      paragraphs.push(current);
      current = '';
    }
  }
  if (current) paragraphs.push(current);
  return paragraphs;
}

/** Wrapped Latin words keep a space between lines; Chinese lines join directly. */
function joinLines(before: string, after: string): string {
  return /[A-Za-z0-9,]$/.test(before) && /^[A-Za-z0-9(]/.test(after) ? `${before} ${after}` : before + after;
}

/** Where a sentence ends: Chinese and full-width stops (with closing quotes), or a Latin stop before a space and a new sentence. */
const SENTENCE_END = /[。！？!?；;…]+[”"’」』）)]*|[.](?=["”’]?(?:\s+["“(]?[A-Z\u4e00-\u9fff]|\s*$))["”’]?/g;

export function sentencesOf(paragraph: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = paragraph.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) sentences.push({ start: start + lead, end: start + lead + text.length, text });
    start = end;
  };
  for (const match of paragraph.matchAll(SENTENCE_END)) push(match.index + match[0].length);
  push(paragraph.length);
  return sentences;
}

const HAN = /\p{Script=Han}/u;

/** Chinese when at least a fifth of the letters are Han characters. */
export function isChinese(text: string): boolean {
  const letters = text.match(/[\p{L}]/gu) ?? [];
  if (letters.length === 0) return true;
  return letters.filter((letter) => HAN.test(letter)).length / letters.length >= 0.2;
}

/** Han characters one by one, and words of other scripts lower-cased; punctuation left out. */
export function tokensOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{Script=Han}|[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []) as string[];
}

/** A sentence's length in tokens (characters of Chinese, words of English). */
export const sentenceLength = (sentence: string) => tokensOf(sentence).length;
