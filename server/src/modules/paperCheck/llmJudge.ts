import { z } from 'zod';
import type { PaperSpan } from '@qiming/contracts';
import type { ChannelRouter } from '../chat/upstream/channelRouter.js';
import { jsonObjectIn } from '../slides/writer.js';

/** A chat model's reading of a batch of paragraphs: per paragraph its score and passages, or null when its answer did not cover it. */
export interface PaperJudge {
  readonly model: string;
  judge(paragraphs: string[], signal: AbortSignal): Promise<Array<JudgedParagraph | null>>;
}

export interface JudgedParagraph {
  score: number;
  spans: PaperSpan[];
}

const SYSTEM = [
  '你是学术论文 AIGC（人工智能生成内容）检测员。逐段判断每个段落由 AI 写作工具生成的可能性。',
  '依据：句式是否过于整齐、是否堆砌“首先/其次/此外/综上所述”等连接词和套话、是否空泛缺少具体细节与个人观点、用词是否单调重复。',
  '只输出一个 JSON 对象，不要代码块，不要解释：',
  '{"results":[{"index":段落编号,"score":0到100的整数,"passages":["该段中最像 AI 写作的原句，逐字摘录，最多 3 句"],"reason":"一句话理由"}]}',
  '每个段落都要给出结果；score 越高越像 AI 生成。',
].join('\n');

const Answer = z.object({
  results: z.array(
    z.object({
      index: z.coerce.number().int().min(0),
      score: z.coerce.number().finite(),
      passages: z.array(z.string()).optional().catch([]),
      reason: z.string().optional().catch(undefined),
    }),
  ),
});

/** The longest reason kept on a highlighted passage. */
const REASON_MAX = 80;

/**
 * Reads a model's answer for a batch: the first JSON object in it, each result checked; scores
 * clamped to 0–100; passages found word for word in their paragraph (others dropped). A paragraph
 * without a readable result is null (the caller scores it by the statistical estimate).
 */
export function readJudgement(answer: string, paragraphs: string[]): Array<JudgedParagraph | null> {
  const parsed = Answer.safeParse(jsonObjectIn(answer));
  const judged: Array<JudgedParagraph | null> = paragraphs.map(() => null);
  if (!parsed.success) return judged;
  for (const result of parsed.data.results) {
    const paragraph = paragraphs[result.index];
    if (paragraph === undefined || judged[result.index]) continue;
    const reason = (result.reason?.trim() || '模型判读为 AI 写作特征明显').slice(0, REASON_MAX);
    const spans: PaperSpan[] = [];
    for (const passage of result.passages ?? []) {
      const text = passage.trim();
      const start = text.length >= 4 ? paragraph.indexOf(text) : -1;
      if (start >= 0 && !spans.some((span) => start < span.end && start + text.length > span.start)) spans.push({ start, end: start + text.length, reason });
      if (spans.length === 3) break;
    }
    judged[result.index] = { score: Math.round(Math.max(0, Math.min(100, result.score))), spans: spans.sort((a, b) => a.start - b.start) };
  }
  return judged;
}

/** The judge through the chat's channels (CHAT_CHANNELS), asking PAPER_CHECK_MODEL. */
export class ModelPaperJudge implements PaperJudge {
  constructor(
    private readonly router: Pick<ChannelRouter, 'open'>,
    readonly model: string,
    private readonly maxOutputTokens = 1_500,
  ) {}

  async judge(paragraphs: string[], signal: AbortSignal): Promise<Array<JudgedParagraph | null>> {
    const ask = paragraphs.map((paragraph, index) => `段落 [${index}]：${paragraph}`).join('\n\n');
    const opened = await this.router.open(this.model, {
      catalogueModel: this.model,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: ask },
      ],
      think: false,
      webSearch: false,
      maxOutputTokens: this.maxOutputTokens,
      signal,
    });
    let answer = '';
    for await (const event of opened.events) if (event.type === 'content') answer += event.text;
    return readJudgement(answer, paragraphs);
  }
}
