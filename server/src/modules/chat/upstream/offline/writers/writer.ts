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
  /** The last line: says the answer comes from the offline demo model. */
  closing: string;
  /** A few sentences of step-by-step thinking (think models). */
  reasoning(context: AnswerContext, referenceCount: number): string;
  /** Exactly three. */
  followUps(context: AnswerContext): string[];
  /** Five candidates, obviously illustrative (example domains, 示例来源). */
  references(context: AnswerContext): ReferenceDraft[];
}
