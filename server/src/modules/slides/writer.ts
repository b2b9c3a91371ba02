import { z } from 'zod';
import { SLIDE_LIMITS, type DeckOutline, type Slide } from '@qiming/contracts';
import type { ChannelRouter } from '../chat/upstream/channelRouter.js';
import type { UpstreamMessage } from '../chat/upstream/types.js';
import { offlineSlide } from './offlineWriter.js';
import { textOfOutline } from './outlineText.js';

/** What an outline is written from. */
export type OutlineSource = { kind: 'topic'; topic: string; sections: number } | { kind: 'document'; name: string; text: string; sections: number };

/** One section of a confirmed outline to turn into a slide. */
export interface SlideInput {
  outline: DeckOutline;
  /** The section's index in `outline.sections`. */
  index: number;
}

/** Writes outlines (streamed as text) and slides: a chat model through the channels, or the offline writer. */
export interface SlideWriter {
  readonly offline: boolean;
  /** The outline in the Markdown form of outlineText.ts, as it is written. */
  outline(source: OutlineSource, signal: AbortSignal): AsyncIterable<string>;
  slide(input: SlideInput, signal: AbortSignal): Promise<Slide>;
}

const text = (max: number) => z.string().trim().min(1).transform((value) => value.slice(0, max));
const bullets = z.array(text(SLIDE_LIMITS.point)).max(SLIDE_LIMITS.maxPoints);
const title = text(SLIDE_LIMITS.sectionTitle);

/** A slide as a model wrote it (JSON), checked and cut to the limits before it is stored. */
export const SlideSchema: z.ZodType<Slide> = z.discriminatedUnion('layout', [
  z.object({ layout: z.literal('title'), title, subtitle: z.string().max(200) }),
  z.object({ layout: z.literal('section'), title, subtitle: z.string().max(200) }),
  z.object({ layout: z.literal('bullets'), title, bullets }),
  z.object({ layout: z.literal('twoColumn'), title, left: z.object({ heading: text(30), bullets }), right: z.object({ heading: text(30), bullets }) }),
  z.object({ layout: z.literal('quote'), title, quote: text(200), source: z.string().max(100) }),
  z.object({ layout: z.literal('table'), title, columns: z.array(text(30)).min(1).max(6), rows: z.array(z.array(z.string().max(80)).max(6)).min(1).max(10) }),
  z.object({
    layout: z.literal('chart'),
    title,
    chart: z.object({
      kind: z.enum(['bar', 'line', 'pie']),
      labels: z.array(text(20)).min(1).max(12),
      series: z.array(z.object({ name: text(30), values: z.array(z.number().finite()).min(1).max(12) })).min(1).max(4),
      note: z.string().max(100).optional(),
    }),
    bullets,
  }),
  z.object({ layout: z.literal('image'), title, caption: z.string().max(100), bullets }),
]) as unknown as z.ZodType<Slide>;

const OUTLINE_SYSTEM = [
  '你是演示文稿策划。只输出大纲，不要任何解释。格式：',
  '# 演示标题',
  '## 章节标题',
  '- 要点（一句话，20 字以内）',
  `每个章节 2 到 5 个要点；有数据的要点写出具体数字；对比类章节的要点用“甲：…”“乙：…”的形式；最后一个章节是总结。`,
].join('\n');

const SLIDE_SYSTEM = [
  '你把演示文稿大纲中的一个章节写成一页幻灯片，只输出一个 JSON 对象，不要代码块。可选的 layout：',
  '{"layout":"bullets","title":"…","bullets":["…"]}',
  '{"layout":"twoColumn","title":"…","left":{"heading":"…","bullets":["…"]},"right":{"heading":"…","bullets":["…"]}}',
  '{"layout":"quote","title":"…","quote":"…","source":"…"}',
  '{"layout":"table","title":"…","columns":["…"],"rows":[["…"]]}',
  '{"layout":"chart","title":"…","chart":{"kind":"bar|line|pie","labels":["…"],"series":[{"name":"…","values":[1]}],"note":"数据来源"},"bullets":["…"]}',
  '{"layout":"image","title":"…","caption":"配图说明","bullets":["…"]}',
  '章节有数字时用 chart（数字取自要点），有对比时用 twoColumn，有“名称：说明”时用 table，否则用 bullets 或 image。文字简洁，用中文。',
].join('\n');

/** The first JSON object in a model's answer (it may wrap it in a code fence or a sentence). */
export function jsonObjectIn(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(answer.slice(start, end + 1)) as unknown;
  } catch {
    return null;
  }
}

/** A chat model through the channel router (CHAT_CHANNELS) writes outlines and slides. */
export class ModelSlideWriter implements SlideWriter {
  readonly offline = false;
  constructor(
    private readonly router: Pick<ChannelRouter, 'open'>,
    private readonly model: string,
    private readonly maxOutputTokens: number,
  ) {}

  async *outline(source: OutlineSource, signal: AbortSignal): AsyncIterable<string> {
    const ask =
      source.kind === 'topic'
        ? `主题：${source.topic}\n请写 ${source.sections} 个章节的大纲。`
        : `请根据下面的文档《${source.name}》写 ${source.sections} 个章节的大纲，章节和要点取自文档的标题和关键句：\n\n${source.text.slice(0, 12_000)}`;
    yield* this.stream([{ role: 'system', content: OUTLINE_SYSTEM }, { role: 'user', content: ask }], signal);
  }

  async slide(input: SlideInput, signal: AbortSignal): Promise<Slide> {
    const section = input.outline.sections[input.index]!;
    const ask = `完整大纲：\n${textOfOutline(input.outline)}\n\n请把第 ${input.index + 1} 个章节“${section.title}”写成一页幻灯片。`;
    let answer = '';
    for await (const piece of this.stream([{ role: 'system', content: SLIDE_SYSTEM }, { role: 'user', content: ask }], signal)) answer += piece;
    const parsed = SlideSchema.safeParse(jsonObjectIn(answer));
    // A model that does not keep to the format: the slide keeps the outline's own words.
    return parsed.success ? parsed.data : offlineSlide(input);
  }

  private async *stream(messages: UpstreamMessage[], signal: AbortSignal): AsyncIterable<string> {
    const opened = await this.router.open(this.model, { catalogueModel: this.model, messages, think: false, webSearch: false, maxOutputTokens: this.maxOutputTokens, signal });
    for await (const event of opened.events) if (event.type === 'content') yield event.text;
  }
}
