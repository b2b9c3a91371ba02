import { SLIDE_LIMITS, type DeckOutline, type OutlineSection } from '@qiming/contracts';

/**
 * The outline as a writer streams it, in a small Markdown form every chat model writes well:
 *
 *   # 演示标题
 *   ## 章节标题
 *   - 要点
 *
 * `outlineOfText` reads any prefix of it (a section whose heading is still being written shows
 * what is there), so the page can show the outline as it grows.
 */

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
/** "1. ", "一、", "第一部分：" and Markdown emphasis before a heading's words. */
const NUMBERING = /^(?:第[一二三四五六七八九十\d]+(?:部分|章|节|页)[：:、.\s]*|[一二三四五六七八九十]+[、.．]\s*|\d+[、.．)]\s*)/;

export function cleanLine(text: string): string {
  return text.replace(/\*\*|__|`/g, '').replace(/\s+/g, ' ').trim();
}

export function outlineOfText(text: string, fallbackTitle: string): DeckOutline {
  let title = '';
  const sections: OutlineSection[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = /^(#{1,6})\s*(.*)$/.exec(line);
    if (heading) {
      const words = cleanLine(heading[2]!.replace(NUMBERING, ''));
      if (!words) continue;
      if (heading[1]!.length === 1 && !title && sections.length === 0) title = clip(words, SLIDE_LIMITS.title);
      else if (sections.length < SLIDE_LIMITS.maxSlides - 1) sections.push({ title: clip(words, SLIDE_LIMITS.sectionTitle), points: [] });
      continue;
    }
    const point = /^(?:[-*•·+]|\d+[.)、])\s*(.*)$/.exec(line);
    const current = sections.at(-1);
    if (point && current) {
      const words = cleanLine(point[1]!);
      if (words && current.points.length < SLIDE_LIMITS.maxPoints) current.points.push(clip(words, SLIDE_LIMITS.point));
    }
  }
  return { title: title || clip(fallbackTitle, SLIDE_LIMITS.title), sections };
}

/** The outline as the writer's text (what a model is shown when it fills slides, and tests read). */
export function textOfOutline(outline: DeckOutline): string {
  return [`# ${outline.title}`, ...outline.sections.flatMap((section) => [`## ${section.title}`, ...section.points.map((point) => `- ${point}`)])].join('\n');
}
