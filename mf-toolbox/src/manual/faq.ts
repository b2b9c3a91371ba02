import { renderMarkdown } from './markdown';
import { slugger } from './slug';

export interface FaqItem {
  id: string;
  question: string;
  html: string;
  /** The answer as plain text, for search. */
  text: string;
}

export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

/** Markdown to the words a reader sees (links keep their text, marks go). */
const plain = (markdown: string) =>
  markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[*_`#>[\]|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * content/faq.md: `## 分组` headings, `### 问题` under them, the answer is what follows up to the
 * next heading. Each question gets an id like the manual's headings (`#收不到验证码怎么办`).
 */
export function parseFaq(source: string): FaqGroup[] {
  const groups: FaqGroup[] = [];
  const nextId = slugger();
  let question: { title: string; lines: string[] } | null = null;
  const close = () => {
    if (!question || !groups.length) return;
    const answer = question.lines.join('\n').trim();
    groups[groups.length - 1]!.items.push({ id: nextId(question.title), question: question.title, html: renderMarkdown(answer).html, text: plain(answer) });
    question = null;
  };
  for (const line of source.split('\n')) {
    const heading = /^(#{2,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1] === '##') {
      close();
      groups.push({ title: heading[2]!, items: [] });
    } else if (heading?.[1] === '###') {
      close();
      question = { title: heading[2]!, lines: [] };
    } else question?.lines.push(line);
  }
  close();
  return groups.filter((group) => group.items.length > 0);
}

/** Groups with only the questions whose question or answer holds every word of the query. */
export function searchFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => words.every((word) => `${item.question}\n${item.text}`.toLowerCase().includes(word))) }))
    .filter((group) => group.items.length > 0);
}
