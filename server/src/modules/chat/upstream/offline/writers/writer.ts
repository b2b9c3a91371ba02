import type { KnowledgeSources } from '../../types.js';
import { excerptOf } from '../text.js';
import type { Intent, Question } from '../question.js';

export interface AnswerContext {
  question: Question;
  /** `[n]` when the answer has reference n (web models), else ''. */
  cite(n: number): string;
}

/** A candidate web source; the answer uses the first three to five. */
export interface ReferenceDraft {
  title: string;
  url: string;
  abstract: string;
}

/** Everything the offline model says, in one language. */
export interface Writer {
  /** The first paragraph: restates the topic (关于「…」，…). */
  opening(context: AnswerContext): string;
  bodies: Record<Intent, (context: AnswerContext) => string>;
  /** An agent's first line: who is speaking, and its first starter question when it has one. */
  introduction(name: string, firstQuestion: string | undefined): string;
  /**
   * The answer when a knowledge base was asked: quotes the passages (marked [1], [2]… as the
   * references are numbered), or says the base has nothing on the topic.
   */
  knowledgeAnswer(context: AnswerContext, knowledge: KnowledgeSources): string;
  /** The last line: says the answer comes from the offline demo model. */
  closing: string;
  /** A few sentences of step-by-step thinking (think models). */
  reasoning(context: AnswerContext, referenceCount: number): string;
  /** Exactly three. */
  followUps(context: AnswerContext): string[];
  /** Five candidates, obviously illustrative (example domains, 示例来源). */
  references(context: AnswerContext): ReferenceDraft[];
}

/** The offline answer quotes this many passages at most (all are in the references). */
const QUOTED_PASSAGES = 3;

type Passage = KnowledgeSources['passages'][number];

/** The first passages as Markdown quotes, each marked with its number and followed by where it is from (its document, its pages). */
export function quotedPassages(passages: KnowledgeSources['passages'], source: (documentName: string, passage: Passage) => string): string[] {
  return passages.slice(0, QUOTED_PASSAGES).map((passage, index) => `> ${excerptOf(passage.text)} [${index + 1}]\n\n${source(passage.documentName, passage)}`);
}
