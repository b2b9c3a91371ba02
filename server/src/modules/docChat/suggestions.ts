import { DOC_CHAT_LIMITS } from '@qiming/contracts';

/** The question every document gets first. */
export const SUMMARY_QUESTION = '这份文档主要讲了什么？';
/** Asked when the document shows too few headings to ask about. */
const FALLBACK_QUESTIONS = ['文档的主要结论是什么？', '文档中提到了哪些关键数据或时间？', '请列出文档的要点。'];

/** A numbered heading: 第三章 …, 一、…, 1. …, 2.3 …, （一）… — the numbering is dropped from the question. */
const NUMBERED = /^(?:第[一二三四五六七八九十百零〇\d]+[章节部分篇条]|[一二三四五六七八九十]+[、.．]|\d{1,2}(?:\.\d{1,2}){0,3}[、.．]?(?=\s|[\u4e00-\u9fff])|[（(][一二三四五六七八九十\d]+[）)])\s*/u;
const MARKDOWN_HEADING = /^#{1,3}\s+/;
/** A heading does not end like a sentence or a clause. */
const SENTENCE_END = /[。！？；，、,.;:：!?…]$/u;

/** A line that reads as a section heading, without its numbering; null otherwise. */
export function headingOf(line: string): string | null {
  const trimmed = line.trim();
  const numbered = NUMBERED.exec(trimmed) ?? MARKDOWN_HEADING.exec(trimmed);
  if (!numbered) return null;
  const title = trimmed.slice(numbered[0].length).trim();
  const length = [...title].length;
  if (length < 2 || length > 24 || SENTENCE_END.test(title) || !/[\u4e00-\u9fffA-Za-z]/u.test(title)) return null;
  return title;
}

/**
 * Questions to start a document chat with, made from the document itself with no model (so they
 * work offline and cost nothing): what the document is about, then its first headings as
 * 「…」讲了什么？ (numbered headings such as 第二章, 一、, 2.1, or Markdown), then general questions
 * when it has too few headings.
 */
export function suggestedQuestions(text: string, count: number = DOC_CHAT_LIMITS.suggestions): string[] {
  const questions = [SUMMARY_QUESTION];
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    if (questions.length >= count) break;
    const heading = headingOf(line);
    if (!heading || seen.has(heading)) continue;
    seen.add(heading);
    questions.push(`「${heading}」部分讲了什么？`);
  }
  for (const question of FALLBACK_QUESTIONS) if (questions.length < count) questions.push(question);
  return questions.slice(0, count);
}
