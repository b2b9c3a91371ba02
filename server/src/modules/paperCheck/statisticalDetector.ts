import { paperLevelOf, type PaperFeature, type PaperSpan } from '@qiming/contracts';
import { isChinese, sentenceLength, sentencesOf, tokensOf, type Sentence } from './paperText.js';

/**
 * The transparent statistical estimate (README "The statistical estimate"). Each feature is 0–1
 * (1: reads like generated text); a paragraph's score is 100 × the weighted sum. The features:
 *
 * - uniformity: sentence lengths vary little (low burstiness: coefficient of variation);
 * - connectives: discourse markers and stock phrases per sentence (首先、此外、综上所述、值得注意的是、
 *   in addition、furthermore…);
 * - repetition: the paragraph's share of phrases (6 Chinese characters, 3 English words) that also
 *   occur elsewhere in the paper;
 * - diversity: low lexical diversity (moving-window type/token ratio of character bigrams or words);
 * - openers (set 2): the share of sentences that open with a connective;
 * - rhythm (set 2): clause counts per sentence vary little (commas per sentence).
 */

export type FeatureId = 'uniformity' | 'connectives' | 'repetition' | 'diversity' | 'openers' | 'rhythm';
export type FeatureSet = 1 | 2;

/** The weights of each set; each sums to 1. */
export const FEATURE_WEIGHTS: Readonly<Record<FeatureSet, Partial<Record<FeatureId, number>>>> = {
  1: { uniformity: 0.35, connectives: 0.3, repetition: 0.15, diversity: 0.2 },
  2: { uniformity: 0.25, connectives: 0.2, openers: 0.15, rhythm: 0.15, repetition: 0.1, diversity: 0.15 },
};

/** Discourse markers and stock phrases machine-written text leans on (both sets). */
const CONNECTIVES_ZH = [
  '首先', '其次', '再次', '最后', '此外', '另外', '同时', '然而', '因此', '总之', '综上所述', '总而言之', '值得注意的是', '需要指出的是',
  '由此可见', '不难看出', '与此同时', '换言之', '具体而言', '一方面', '另一方面', '不仅', '而且', '进一步', '在此基础上', '具有重要意义',
  '发挥着重要作用', '起着至关重要的作用', '至关重要', '不可或缺', '日益', '显著提升', '有效提升', '随着', '的不断发展', '在一定程度上',
];
const CONNECTIVES_EN = [
  'firstly', 'secondly', 'finally', 'in addition', 'additionally', 'furthermore', 'moreover', 'however', 'therefore', 'thus', 'overall',
  'in conclusion', 'to sum up', 'it is worth noting', 'it is important to note', 'notably', 'consequently', 'on the other hand',
  'plays a crucial role', 'plays a vital role', 'significantly', 'in summary', 'as a result',
];
/** More stock phrases the newer set counts (set 2). */
const TEMPLATES_ZH = ['在当今社会', '扮演着', '提供了有力支撑', '广阔的应用前景', '毋庸置疑', '为…提供', '深远影响', '全方位', '多维度', '赋能', '助力'];
const TEMPLATES_EN = ["in today's", 'delve', 'landscape', 'tapestry', 'pivotal', 'multifaceted', 'underscore', 'seamless', 'holistic', 'paradigm'];

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));
const round3 = (value: number) => Math.round(value * 1000) / 1000;

function coefficientOfVariation(values: number[]): number | null {
  if (values.length < 3) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  if (mean === 0) return null;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

/** Moving-average type/token ratio over windows of `window` units (the whole list when shorter). */
function movingTypeTokenRatio(units: string[], window = 60): number {
  if (units.length === 0) return 1;
  if (units.length <= window) return new Set(units).size / units.length;
  let total = 0;
  let windows = 0;
  for (let start = 0; start + window <= units.length; start += Math.max(1, Math.floor(window / 4))) {
    total += new Set(units.slice(start, start + window)).size / window;
    windows++;
  }
  return total / windows;
}

/** The paper as a whole, read once: its language, and how often each phrase occurs in it. */
export interface PaperContext {
  chinese: boolean;
  phraseCounts: Map<string, number>;
  set: FeatureSet;
}

function phrasesOf(tokens: string[], chinese: boolean): string[] {
  const n = chinese ? 6 : 3;
  const phrases: string[] = [];
  for (let i = 0; i + n <= tokens.length; i++) phrases.push(tokens.slice(i, i + n).join(chinese ? '' : ' '));
  return phrases;
}

export function paperContextOf(paragraphs: string[], set: FeatureSet): PaperContext {
  const chinese = isChinese(paragraphs.join('\n'));
  const phraseCounts = new Map<string, number>();
  for (const paragraph of paragraphs) {
    for (const phrase of new Set(phrasesOf(tokensOf(paragraph), chinese))) phraseCounts.set(phrase, (phraseCounts.get(phrase) ?? 0) + 1);
  }
  return { chinese, phraseCounts, set };
}

function markersOf(context: PaperContext): string[] {
  const base = context.chinese ? CONNECTIVES_ZH : CONNECTIVES_EN;
  return context.set === 2 ? [...base, ...(context.chinese ? TEMPLATES_ZH : TEMPLATES_EN)] : base;
}

/** The markers a sentence holds (English matched on word boundaries, case-insensitive). */
function markersIn(sentence: string, markers: string[], chinese: boolean): string[] {
  const lower = sentence.toLowerCase();
  return markers.filter((marker) => {
    if (marker.includes('…')) return marker.split('…').every((part) => lower.includes(part)) && lower.indexOf(marker.split('…')[0]!) < lower.lastIndexOf(marker.split('…')[1]!);
    if (chinese) return lower.includes(marker);
    return new RegExp(`(^|[^\\p{L}])${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(lower);
  });
}

export interface ParagraphEstimate {
  score: number;
  features: Record<FeatureId, number | null>;
  spans: PaperSpan[];
}

/** The most passages highlighted per paragraph. */
const MAX_SPANS = 3;

/** One paragraph's features, score and the sentences that drove it. */
export function estimateParagraph(paragraph: string, context: PaperContext): ParagraphEstimate {
  const sentences = sentencesOf(paragraph);
  const markers = markersOf(context);
  const perSentence = sentences.map((sentence) => markersIn(sentence.text, markers, context.chinese));
  const hits = perSentence.reduce((sum, found) => sum + found.length, 0);

  const cv = coefficientOfVariation(sentences.map((s) => sentenceLength(s.text)));
  const uniformity = cv === null ? null : clamp01((0.65 - cv) / 0.45);
  const connectives = clamp01(hits / Math.max(1, sentences.length) / 0.6);

  const tokens = tokensOf(paragraph);
  const phrases = phrasesOf(tokens, context.chinese);
  const repeated = phrases.filter((phrase) => (context.phraseCounts.get(phrase) ?? 0) > 1);
  const repetition = phrases.length === 0 ? 0 : clamp01(repeated.length / phrases.length / 0.3);

  const units = context.chinese ? tokens.slice(1).map((token, i) => tokens[i]! + token) : tokens;
  const diversity = clamp01((0.97 - movingTypeTokenRatio(units)) / 0.12);

  let openers: number | null = null;
  let rhythm: number | null = null;
  if (context.set === 2) {
    const opening = perSentence.filter((found, i) => found.some((marker) => sentences[i]!.text.toLowerCase().startsWith(marker.split('…')[0]!))).length;
    openers = sentences.length === 0 ? 0 : clamp01(opening / sentences.length / 0.5);
    const clauses = coefficientOfVariation(sentences.map((s) => (s.text.match(/[，,、]/g) ?? []).length + 1));
    rhythm = clauses === null ? null : clamp01((0.8 - clauses) / 0.6);
  }

  const features: Record<FeatureId, number | null> = { uniformity, connectives, repetition, diversity, openers, rhythm };
  return { score: scoreOf(features, context.set), features, spans: spansOf(sentences, perSentence, repeated, context) };
}

/**
 * 100 × the weighted sum; a feature that cannot be measured (fewer than 3 sentences) leaves its
 * weight out, the others keeping their proportions.
 */
export function scoreOf(features: Record<FeatureId, number | null>, set: FeatureSet): number {
  let sum = 0;
  let weights = 0;
  for (const [id, weight] of Object.entries(FEATURE_WEIGHTS[set]) as [FeatureId, number][]) {
    const value = features[id];
    if (value === null) continue;
    sum += weight * value;
    weights += weight;
  }
  return weights === 0 ? 0 : Math.round((100 * sum) / weights);
}

/** Sentences with markers or phrases repeated elsewhere, most reasons first, in reading order. */
function spansOf(sentences: Sentence[], perSentence: string[][], repeated: string[], context: PaperContext): PaperSpan[] {
  const repeatedSet = new Set(repeated);
  const candidates = sentences.map((sentence, i) => {
    const found = [...new Set(perSentence[i]!)];
    const echoes = phrasesOf(tokensOf(sentence.text), context.chinese).filter((phrase) => repeatedSet.has(phrase));
    const reasons: string[] = [];
    if (found.length) reasons.push(`连接词与套话：${found.join('、')}`);
    if (echoes.length >= 2) reasons.push(`与其他段落重复的表达：${echoes[0]}`);
    return { sentence, weight: found.length + (echoes.length >= 2 ? 1 : 0), reasons };
  });
  return candidates
    .filter((c) => c.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.sentence.start - b.sentence.start)
    .slice(0, MAX_SPANS)
    .sort((a, b) => a.sentence.start - b.sentence.start)
    .map((c) => ({ start: c.sentence.start, end: c.sentence.end, reason: c.reasons.join('；') }));
}

/** The paper-wide features: each paragraph's value weighted by its length (for the report). */
export function paperFeaturesOf(estimates: Array<{ estimate: ParagraphEstimate; chars: number }>, set: FeatureSet): PaperFeature[] {
  return (Object.entries(FEATURE_WEIGHTS[set]) as [FeatureId, number][]).map(([id, weight]) => {
    let sum = 0;
    let chars = 0;
    for (const { estimate, chars: n } of estimates) {
      const value = estimate.features[id];
      if (value === null) continue;
      sum += value * n;
      chars += n;
    }
    return { id, weight, value: chars === 0 ? 0 : round3(sum / chars) };
  });
}

export { paperLevelOf };
