import { setTimeout as sleep } from 'node:timers/promises';
import { paperLevelOf, type PaperDetector, type PaperParagraphScore, type PaperReport } from '@qiming/contracts';
import type { PaperJudge } from './llmJudge.js';
import { charCount, paragraphsOf } from './paperText.js';
import { estimateParagraph, paperContextOf, paperFeaturesOf, type FeatureSet } from './statisticalDetector.js';

/** Paragraphs shorter than this (non-space characters) are headings or captions: not scored. */
export const MIN_PARAGRAPH_CHARS = 20;
/** A batch the judge reads at once: at most this many paragraphs and characters. */
const BATCH_PARAGRAPHS = 8;
const BATCH_CHARS = 6_000;

/** The paragraphs of a text that are long enough to score. */
export function scorableParagraphs(text: string): { scored: string[]; skipped: number } {
  const all = paragraphsOf(text);
  const scored = all.filter((paragraph) => charCount(paragraph) >= MIN_PARAGRAPH_CHARS);
  return { scored, skipped: all.length - scored.length };
}

export interface DetectionInput {
  text: string;
  detector: PaperDetector;
  /** The chat model that judges (新版 with a channel serving PAPER_CHECK_MODEL), else null: the estimate. */
  judge: PaperJudge | null;
  signal: AbortSignal;
  /** 0–100 as paragraphs are done. */
  onProgress(percent: number): void;
  /** The estimate's pause per paragraph (OFFLINE_PACE), so a check shows its progress. */
  paceMs: number;
  now(): Date;
}

function batchesOf(paragraphs: string[]): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let chars = 0;
  paragraphs.forEach((paragraph, index) => {
    if (current.length > 0 && (current.length === BATCH_PARAGRAPHS || chars + paragraph.length > BATCH_CHARS)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(index);
    chars += paragraph.length;
  });
  if (current.length) batches.push(current);
  return batches;
}

/**
 * A paper's report: every scorable paragraph by the judge (in batches; a paragraph its answer does
 * not cover, or a batch whose call fails, by the estimate) or by the estimate; the overall score is
 * the paragraph scores weighted by their length.
 */
export async function detect(input: DetectionInput): Promise<PaperReport> {
  const started = Date.now();
  const { scored, skipped } = scorableParagraphs(input.text);
  const set: FeatureSet = input.detector === 'v2' ? 2 : 1;
  const context = paperContextOf(scored, set);
  const estimates = scored.map((paragraph) => ({ estimate: estimateParagraph(paragraph, context), chars: charCount(paragraph) }));
  const results: PaperParagraphScore[] = scored.map((text, index) => {
    const { score, spans } = estimates[index]!.estimate;
    return { index, text, score, level: paperLevelOf(score), method: 'statistical', spans: paperLevelOf(score) === 'low' ? [] : spans };
  });
  let fallbacks = 0;
  const judge = input.judge;
  if (judge) {
    const batches = batchesOf(scored);
    for (const [done, batch] of batches.entries()) {
      input.signal.throwIfAborted();
      const judged = await judge.judge(batch.map((index) => scored[index]!), input.signal).catch((error: unknown) => {
        // A failing channel counts as a garbled answer (the estimate scores the batch), unless the task itself ended.
        if (input.signal.aborted) throw input.signal.reason;
        void error;
        return batch.map(() => null);
      });
      batch.forEach((index, position) => {
        const verdict = judged[position];
        if (!verdict) return void fallbacks++;
        results[index] = { index, text: scored[index]!, score: verdict.score, level: paperLevelOf(verdict.score), method: 'llm', spans: verdict.spans };
      });
      input.onProgress(((done + 1) / batches.length) * 100);
    }
  } else if (input.paceMs > 0) {
    for (let index = 0; index < scored.length; index++) {
      await sleep(input.paceMs, undefined, { signal: input.signal });
      input.onProgress(((index + 1) / scored.length) * 100);
    }
  }
  input.signal.throwIfAborted();
  const totalChars = estimates.reduce((sum, e) => sum + e.chars, 0);
  const overall = totalChars === 0 ? 0 : Math.round(results.reduce((sum, r, i) => sum + r.score * estimates[i]!.chars, 0) / totalChars);
  return {
    overall,
    level: paperLevelOf(overall),
    detector: input.detector,
    method: judge && fallbacks < scored.length ? 'llm' : 'statistical',
    model: judge && fallbacks < scored.length ? judge.model : null,
    featureSet: set,
    features: paperFeaturesOf(estimates, set),
    paragraphs: results,
    skipped,
    fallbacks: judge ? fallbacks : 0,
    checkedAt: input.now().toISOString(),
    durationMs: Date.now() - started,
  };
}
