import type { Reference } from '@qiming/contracts';
import type { KnowledgeSources, UpstreamMessage } from '../types.js';
import { analyseQuestion, type Language, type Question } from './question.js';
import { rolePlayIn, rolePlayReply } from './rolePlay.js';
import { mix } from './variation.js';
import { enWriter } from './writers/en.js';
import type { AnswerContext, Writer } from './writers/writer.js';
import { zhWriter } from './writers/zh.js';

const WRITERS: Record<Language, Writer> = { zh: zhWriter, en: enWriter };

export interface ComposeInput {
  messages: readonly UpstreamMessage[];
  /** The catalogue id the user chose: part of the seed, so models answer a little differently. */
  catalogueModel: string;
  think: boolean;
  webSearch: boolean;
  /** An agent answers: the answer opens by saying so. */
  persona?: { name: string; starterQuestions: readonly string[] };
  /** A knowledge base was asked: the answer quotes its passages instead of the generic body. */
  knowledge?: KnowledgeSources;
}

/** Everything the offline model will stream for one request, decided before the first event. */
export interface ComposedAnswer {
  question: Question;
  /** Web models: the progress line shown while "searching" (Chinese, a PROGRESS_PREFIXES line). */
  searchProgress?: string;
  /** Web models: three to five illustrative sources; empty otherwise. */
  references: Reference[];
  /** Think models: the thinking, streamed before the content; '' otherwise. */
  reasoning: string;
  /** Markdown: restates the topic first, says it is an offline demo answer last; a role-play reply ends with its score line (rolePlay.ts). */
  content: string;
  /** Three suggested next questions (none in role-play). */
  followUps: string[];
}

/** Pure and deterministic: the same input always gives the same answer. Role-play (哄哄模拟器) answers in character only. */
export function composeAnswer(input: ComposeInput): ComposedAnswer {
  const question = analyseQuestion(input.messages, input.catalogueModel);
  const rolePlay = rolePlayIn(input.messages);
  if (rolePlay) return { question, references: [], reasoning: '', content: rolePlayReply(rolePlay, input.messages, input.catalogueModel), followUps: [] };
  const writer = WRITERS[question.language];
  // A knowledge answer cites the base's passages only: illustrative web sources would take their numbers.
  const referenceCount = input.webSearch && !input.knowledge ? 3 + (mix(question.seed, 31) % 3) : 0;
  const context: AnswerContext = { question, cite: (n) => (n <= referenceCount ? `[${n}]` : '') };
  const references = writer
    .references(context)
    .slice(0, referenceCount)
    .map((draft, index) => ({ id: String(index + 1), ...draft }));
  return {
    question,
    searchProgress: referenceCount > 0 ? `正在搜索：${question.topic}` : undefined,
    references,
    reasoning: input.think ? writer.reasoning(context, referenceCount) : '',
    content: [
      ...(input.persona ? [writer.introduction(input.persona.name, input.persona.starterQuestions[0])] : []),
      ...(input.knowledge ? [writer.knowledgeAnswer(context, input.knowledge)] : [writer.opening(context), writer.bodies[question.intent](context)]),
      writer.closing,
    ].join('\n\n'),
    followUps: writer.followUps(context),
  };
}
