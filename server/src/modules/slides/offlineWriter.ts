import { SLIDE_LIMITS, type ChartData, type DeckOutline, type OutlineSection, type Slide } from '@qiming/contracts';
import { cleanLine, textOfOutline } from './outlineText.js';
import type { OutlineSource, SlideInput, SlideWriter } from './writer.js';

/**
 * The offline writer (离线演示): with no chat channel configured it writes a real outline locally —
 * from a topic, a structure of the topic's kind in the topic's own words; from a document, its
 * headings and key sentences — and fills each slide from its section, choosing the layout from
 * what the section holds (numbers → chart, 名称：说明 pairs → table, a comparison → two columns…).
 */

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

// ——— Topics ———

/** What a topic is about, without the request around it ("帮我做一份关于…的PPT"). */
export function subjectOf(topic: string): string {
  let s = cleanLine(topic).replace(/[。！？!?.]+$/, '');
  s = s.replace(/^(?:请|帮我|给我|麻烦)?(?:做|写|生成|制作|准备)?(?:一份|一个|一套|个)?(?:关于|有关)?/, '');
  s = s.replace(/(?:的)?(?:PPT|ppt|演示文稿|幻灯片|演示|课件)$/, '').replace(/的$/, '');
  return clip(s.trim() || cleanLine(topic), 24);
}

/** The topic's parts ("人工智能与教育" → 人工智能, 教育); the whole subject when it has none. */
export function keywordsOf(subject: string): string[] {
  const parts = subject
    .split(/与|和|及|以及|、|对|在|中的|的|，|,|\s+/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 2);
  return parts.length > 0 ? [...new Set(parts)] : [subject];
}

type TopicKind = 'report' | 'plan' | 'general';

function kindOf(topic: string): TopicKind {
  if (/汇报|总结|报告|述职|复盘|回顾/.test(topic)) return 'report';
  if (/方案|计划|策划|规划|提案|推广|营销|发布/.test(topic)) return 'plan';
  return 'general';
}

/** Sections of each kind of topic: {s} the subject, {k} its first part, {k2} its last. */
const SECTION_POOLS: Record<TopicKind, Array<[string, string[]]>> = {
  general: [
    ['{s}是什么', ['{s}的基本概念与定义', '{s}从何而来：发展脉络', '为什么现在值得关注{s}']],
    ['{s}的发展现状与数据', ['{k}的整体规模持续扩大', '参与者越来越多，分布更广', '近年的变化趋势与节奏', '关键指标的对比']],
    ['传统方式与{k}对比', ['传统方式：依赖经验与人工', '传统方式：成本高、反馈慢', '{k}：流程清晰、可复制', '{k}：数据驱动、持续改进']],
    ['{s}的核心要素', ['目标：{s}要解决什么问题', '方法：适合{k}的路径与工具', '资源：人员、预算与时间', '评估：用指标衡量{k2}的效果']],
    ['{s}的典型场景', ['场景一：日常工作中的{k}', '场景二：团队协作与{k2}', '场景三：面向用户的{s}实践']],
    ['{s}面临的挑战', ['认识不足：对{k}的理解不一致', '能力缺口：缺少相应的技能与经验', '投入与回报难以衡量']],
    ['推进{s}的建议', ['从小处着手，先做试点', '建立{k2}的标准与流程', '持续复盘，用数据说话']],
    ['{s}的未来展望', ['{k}将与更多领域融合', '门槛降低，更多人可以参与', '长期价值将逐步显现']],
  ],
  report: [
    ['{s}概览', ['本期{k}的主要目标', '整体完成情况', '需要关注的事项']],
    ['关键数据', ['{k}完成率 92%', '同比增长 18%', '新增用户 3.2 万', '满意度 4.6 分']],
    ['重点工作回顾', ['{k}：按计划推进并落地', '{k2}：流程优化，效率提升', '跨部门协作更加顺畅']],
    ['计划与实际对比', ['计划：年初制定的{k}目标', '计划：资源与时间安排', '实际：主要目标已达成', '实际：部分事项延期']],
    ['各项工作进展', ['{k}：已完成', '{k2}：进行中，预计下月完成', '流程改进：已上线', '培训：覆盖全部成员']],
    ['问题与不足', ['部分环节响应偏慢', '{k2}的数据口径尚未统一', '人员投入不够均衡']],
    ['下一步计划', ['巩固{k}的成果', '补齐{k2}的短板', '设定可衡量的阶段目标']],
    ['经验与体会', ['目标清晰是推进{s}的前提', '及时沟通减少返工', '用数据复盘，而不是凭感觉']],
  ],
  plan: [
    ['背景与目标', ['为什么要做{s}', '{k}的现状与机会', '本方案要达成的目标']],
    ['市场与用户分析', ['目标用户占比 45%', '潜在用户占比 30%', '竞品用户占比 25%']],
    ['方案对比', ['方案A：投入小、见效快', '方案A：覆盖面有限', '方案B：投入大、影响深', '方案B：周期较长']],
    ['实施内容', ['{k}：核心内容与形式', '渠道：线上线下结合', '节奏：分三个阶段推进', '保障：人员与预算到位']],
    ['执行计划', ['第一阶段：准备与试点', '第二阶段：全面推广{k}', '第三阶段：复盘与优化']],
    ['预算与资源', ['人员：专项小组负责{s}', '预算：按阶段拨付', '工具：统一的{k2}平台']],
    ['风险与应对', ['进度风险：设置里程碑', '效果风险：小步试错，及时调整', '资源风险：预留机动预算']],
    ['预期效果', ['{k}的影响力明显提升', '形成可复制的{k2}经验', '为后续工作打下基础']],
  ],
};

const CLOSING: [string, string[]] = ['总结与展望', ['“{s}，贵在行动，成在坚持。”', '回顾：{k}的关键要点', '展望：让{s}持续创造价值']];

function filled(template: string, subject: string, keys: string[]): string {
  return template.replaceAll('{s}', subject).replaceAll('{k}', keys[0]!).replaceAll('{k2}', keys.at(-1)!);
}

/** An outline of `sections` sections for a topic: its kind's structure in its own words, closing with a summary. */
export function topicOutline(topic: string, sections: number): DeckOutline {
  const subject = subjectOf(topic);
  const keys = keywordsOf(subject);
  const pool = SECTION_POOLS[kindOf(topic)];
  const picked: Array<[string, string[]]> = [];
  const body = Math.max(0, sections - 1);
  for (let i = 0; i < body; i++) {
    if (i < pool.length) picked.push(pool[i]!);
    else {
      // Longer decks: one section per part of the topic, then practice notes.
      const key = keys[(i - pool.length) % keys.length]!;
      const round = Math.floor((i - pool.length) / keys.length) + 1;
      picked.push([`深入${key}（${round}）`, [`${key}的关键环节`, `${key}的常见误区`, `把${key}做好的方法`]]);
    }
  }
  if (sections >= 1) picked.push(CLOSING);
  return {
    title: clip(subject, SLIDE_LIMITS.title),
    sections: picked.map(([title, points]) => ({ title: clip(filled(title, subject, keys), SLIDE_LIMITS.sectionTitle), points: points.map((point) => clip(filled(point, subject, keys), SLIDE_LIMITS.point)) })),
  };
}

// ——— Documents ———

const HEADING = [/^#{1,6}\s+(.+)$/, /^(第[一二三四五六七八九十百\d]+[章节部分篇][：:、.\s]*.*)$/, /^([一二三四五六七八九十]+[、.．]\s*.+)$/, /^(\d+(?:\.\d+)?[、.．]\s*\S.*)$/];
const SENTENCE_END = /[。！？!?；;]/;

function headingOf(line: string, next: string | undefined): string | null {
  if (line.length > 40) return null;
  for (const pattern of HEADING) {
    const match = pattern.exec(line);
    if (match) return cleanLine(match[1]!.replace(/^(?:第[一二三四五六七八九十百\d]+[章节部分篇]|[一二三四五六七八九十]+[、.．]|\d+(?:\.\d+)?[、.．])[：:\s]*/, '')) || cleanLine(match[1]!);
  }
  // A short line without closing punctuation before a longer paragraph.
  if (line.length <= 24 && !SENTENCE_END.test(line.slice(-1)) && !/[，,：:]$/.test(line) && next !== undefined && next.length > line.length * 2) return cleanLine(line);
  return null;
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;])|\n+/)
    .map((sentence) => cleanLine(sentence).replace(/^[-*•·]\s*/, ''))
    .filter((sentence) => sentence.length >= 6);
}

/** The sentences worth a point: those with numbers or the heading's words first, each short enough for a slide, in document order. */
function keySentences(body: string, heading: string, count: number): string[] {
  const sentences = sentencesOf(body);
  const headingChars = new Set([...heading].filter((ch) => /[\p{L}]/u.test(ch)));
  const scored = sentences.map((sentence, index) => {
    let score = 0;
    if (/\d/.test(sentence)) score += 2;
    if ([...sentence].some((ch) => headingChars.has(ch))) score += 1;
    if (sentence.length <= 60) score += 1;
    if (sentence.includes('：') || sentence.includes(':')) score += 1;
    return { sentence, index, score };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ sentence }) => clip(sentence.replace(/[。；;]$/, ''), 60));
}

/** Picks `n` of `items` spread evenly, in order. */
function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

/** An outline of a document: its headings (at most `sections`, spread over it) with their key sentences; paragraphs in equal runs when it has no headings. */
export function documentOutline(name: string, text: string, sections: number): DeckOutline {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const parts: Array<{ heading: string; body: string[] }> = [];
  let title = '';
  const markdownTitle = lines.find((line) => /^#\s+/.test(line));
  if (markdownTitle) title = cleanLine(markdownTitle.replace(/^#\s+/, ''));
  for (const [index, line] of lines.entries()) {
    if (line === markdownTitle) continue;
    const heading = headingOf(line, lines[index + 1]);
    if (heading) parts.push({ heading, body: [] });
    else if (parts.length > 0) parts.at(-1)!.body.push(line);
    else if (!title && line.length <= 30 && !SENTENCE_END.test(line.slice(-1))) title = cleanLine(line);
    else parts.push({ heading: '', body: [line] });
  }
  let chosen = parts.filter((part) => part.heading && part.body.length > 0);
  if (chosen.length < Math.min(2, sections)) {
    // No usable headings: the paragraphs in equal runs, each titled by its first sentence's opening words.
    const paragraphs = lines.filter((line) => !/^#/.test(line) && line !== title);
    const runs = Math.max(1, Math.min(sections, paragraphs.length));
    chosen = Array.from({ length: runs }, (_, i) => {
      const body = paragraphs.slice(Math.floor((i * paragraphs.length) / runs), Math.floor(((i + 1) * paragraphs.length) / runs));
      const first = sentencesOf(body.join('\n'))[0] ?? body[0] ?? '';
      return { heading: clip(first.split(/[，,：:。]/)[0] ?? first, 16), body };
    });
  }
  chosen = spread(chosen, sections);
  const baseName = name.replace(/\.[^.]+$/, '');
  return {
    title: clip(title || baseName, SLIDE_LIMITS.title),
    sections: chosen.map((part) => {
      const points = keySentences(part.body.join('\n'), part.heading, 4);
      return { title: clip(part.heading, SLIDE_LIMITS.sectionTitle), points };
    }),
  };
}

// ——— Slides ———

const NUMBER = /(-?\d+(?:\.\d+)?)\s*(%|％|万|亿|元|人|个|家|倍|分|次)?/;

/** Label and value of each point that states a number ("同比增长 18%" → 同比增长, 18). */
function numbersOf(points: string[]): Array<{ label: string; value: number; unit: string }> {
  const found: Array<{ label: string; value: number; unit: string }> = [];
  for (const point of points) {
    const match = NUMBER.exec(point);
    if (!match) continue;
    const before = point.slice(0, match.index).replace(/[：:，,\s]+$/, '').trim();
    const label = clip(before || point.replace(match[0], '').trim() || point, 10);
    found.push({ label, value: Number(match[1]), unit: match[2] ?? '' });
  }
  return found;
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const ch of text) hash = Math.imul(hash ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return hash;
}

function pairsOf(points: string[]): Array<[string, string]> {
  return points.flatMap((point) => {
    const match = /^([^：:]{1,16})[：:]\s*(.+)$/.exec(point);
    return match ? [[match[1]!.trim(), match[2]!.trim()] as [string, string]] : [];
  });
}

const QUOTED = /[“"「『]([^”"」』]{4,})[”"」』]/;
const COMPARISON = /对比|比较|vs|VS|与传统|优劣|利弊|前后|计划与实际|方案对比/;
const DATA_WORDS = /数据|趋势|规模|现状|增长|市场|指标|分析/;

function comparisonOf(title: string, points: string[]): Slide | null {
  const pairs = pairsOf(points);
  const heads = [...new Set(pairs.map(([head]) => head))];
  if (heads.length === 2 && pairs.length === points.length) {
    const side = (head: string) => ({ heading: head, bullets: pairs.filter(([h]) => h === head).map(([, text]) => text) });
    return { layout: 'twoColumn', title, left: side(heads[0]!), right: side(heads[1]!) };
  }
  if (points.length < 2) return null;
  const names = title.replace(COMPARISON, ' ').split(/与|和|\s+/).map((part) => part.trim()).filter(Boolean);
  const half = Math.ceil(points.length / 2);
  return { layout: 'twoColumn', title, left: { heading: names[0] ?? '一', bullets: points.slice(0, half) }, right: { heading: names[1] ?? '二', bullets: points.slice(half) } };
}

function chartOf(section: OutlineSection, index: number): ChartData {
  // One chart, one unit: the numbers of the unit most points share (92% and 3.2 万 are not one scale).
  const all = numbersOf(section.points);
  const units = [...new Set(all.map((n) => n.unit))].map((unit) => all.filter((n) => n.unit === unit));
  const numbers = units.sort((a, b) => b.length - a.length)[0] ?? [];
  if (numbers.length >= 2) {
    const percents = numbers.every((n) => n.unit === '%' || n.unit === '％');
    const total = numbers.reduce((sum, n) => sum + n.value, 0);
    const years = numbers.every((n) => /^\d{4}年?$/.test(n.label));
    const kind = percents && Math.abs(total - 100) <= 1 ? 'pie' : years ? 'line' : 'bar';
    return { kind, labels: numbers.map((n) => n.label), series: [{ name: section.title, values: numbers.map((n) => n.value) }], note: '数据来自大纲要点' };
  }
  // No numbers in the section: an example to show the layout, said on the slide.
  const labels = section.points.slice(0, 5).map((point) => clip(point.replace(/[：:].*$/, ''), 8));
  const values = labels.map((label) => 20 + (hashOf(`${section.title}${label}`) % 76));
  const kinds = ['bar', 'line', 'pie'] as const;
  return { kind: kinds[index % 3]!, labels, series: [{ name: section.title, values }], note: '示例数据（离线演示），请替换为真实数据' };
}

/** The slide of one outline section, its layout chosen from what the section holds. */
export function offlineSlide({ outline, index }: SlideInput): Slide {
  const section = outline.sections[index]!;
  const { title, points } = section;
  if (points.length === 0) return { layout: 'section', title, subtitle: `第 ${index + 1} 部分 · ${outline.title}` };
  const quoted = points.map((point) => QUOTED.exec(point)).find(Boolean);
  if (quoted) {
    return { layout: 'quote', title, quote: quoted[1]!, source: points.filter((point) => !QUOTED.test(point)).join('；') || outline.title };
  }
  if (numbersOf(points).length >= 2) return { layout: 'chart', title, chart: chartOf(section, index), bullets: points.filter((point) => !NUMBER.test(point)).slice(0, 3) };
  if (COMPARISON.test(title)) {
    const comparison = comparisonOf(title, points);
    if (comparison) return comparison;
  }
  const pairs = pairsOf(points);
  if (pairs.length >= 2 && pairs.length >= points.length - 1) return { layout: 'table', title, columns: ['项目', '说明'], rows: pairs.map(([head, text]) => [head, text]) };
  if (DATA_WORDS.test(title) && points.length >= 2) return { layout: 'chart', title, chart: chartOf(section, index), bullets: points.slice(0, 3) };
  if (index % 3 === 1) return { layout: 'image', title, caption: title, bullets: points };
  return { layout: 'bullets', title, bullets: points };
}

/** The first slide: the deck's title, and what it covers. */
export function titleSlide(outline: DeckOutline, sourceText: string): Slide {
  const subtitle = sourceText && sourceText !== outline.title && sourceText.length <= 40 ? sourceText : outline.sections.slice(0, 3).map((section) => section.title).join(' · ');
  return { layout: 'title', title: outline.title, subtitle: clip(subtitle, 80) };
}

export interface OfflineWriterOptions {
  /** Pause between outline lines and slides, so the page shows the work as it goes (0 in tests and benchmarks). */
  paceMs: number;
}

const pause = (ms: number, signal: AbortSignal) =>
  ms <= 0
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        }, { once: true });
      });

export class OfflineSlideWriter implements SlideWriter {
  readonly offline = true;
  constructor(private readonly options: OfflineWriterOptions) {}

  async *outline(source: OutlineSource, signal: AbortSignal): AsyncIterable<string> {
    const outline = source.kind === 'topic' ? topicOutline(source.topic, source.sections) : documentOutline(source.name, source.text, source.sections);
    for (const line of textOfOutline(outline).split('\n')) {
      await pause(this.options.paceMs / 4, signal);
      yield `${line}\n`;
    }
  }

  async slide(input: SlideInput, signal: AbortSignal): Promise<Slide> {
    await pause(this.options.paceMs, signal);
    return offlineSlide(input);
  }
}
