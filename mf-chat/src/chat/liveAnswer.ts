import { PROGRESS_PREFIXES } from '@qiming/sdk';
import { mergeToolCalls, type Reference, type ToolCallRecord } from '@qiming/sdk/contracts';

/**
 * The answer being generated, shown on top of the saved conversation until it is saved: a pure
 * reducer over what the stream brings (no mobx, no network, no clock — time comes in the events).
 * Unchanged parts keep their identity, so views of the steps or references skip a text update.
 */
export interface LiveAnswer {
  /** The question, when it is a new message (not a regenerate). */
  question: string | null;
  /** A new question's node id, once the stream names it. */
  questionId: string | null;
  convId: string | null;
  /** What the turn adds to: the node a new question follows (null: the first message), or the question answered again. */
  follows: string | null;
  text: string;
  reasoning: string;
  thinking: boolean;
  references: Reference[];
  /** The extensions' tool calls, in the order they started. */
  toolCalls: ToolCallRecord[];
  followUps: string[];
  /** The wait text of the latest ping, while nothing has been written. */
  waitText: string;
  /** The progress checklist: a waiting step every 16 s until the first content, and the server's progress lines. */
  steps: ProgressStep[];
  startedAt: number;
}

/** One line of the progress checklist; `doneAt` null while it is the step being waited on. */
export interface ProgressStep {
  text: string;
  startedAt: number;
  doneAt: number | null;
}

/** spec chat §4 and §9: while no content has arrived, a new progress step every 16 s. */
export const PROGRESS_STEP_MS = 16_000;

export type LiveEvent =
  /** The stream named the answer and the question it follows. */
  | { type: 'ids'; convId: string; questionId: string | null }
  | { type: 'ping'; waitText: string }
  /** Buffered reasoning and answer text: the first of either ends the step being waited on. */
  | { type: 'pieces'; text: string; reasoning: string; now: number }
  /** A progress line ("正在搜索：…") becomes the step being waited on (spec chat §4). */
  | { type: 'progress'; line: string; now: number }
  | { type: 'references'; list: Reference[] }
  /** Tool calls that started or changed: merged by id. The first ends the step being waited on (the model is working). */
  | { type: 'toolCalls'; list: ToolCallRecord[]; now: number }
  | { type: 'followUps'; list: string[] }
  /** Another 16 s passed: the next of `waitSteps`, only while nothing has been written (the last one stays). */
  | { type: 'waitTick'; waitSteps: readonly string[]; now: number };

/** The ids a live answer starts with: a resumed answer's own, its question's, what the turn follows. */
export type LiveIds = Partial<Pick<LiveAnswer, 'convId' | 'questionId' | 'follows'>>;

/** A new live answer waiting on its first step. */
export function startLive(question: string | null, firstStep: string, now: number, { convId = null, questionId = null, follows = null }: LiveIds = {}): LiveAnswer {
  return { question, questionId, convId, follows, text: '', reasoning: '', thinking: false, references: [], toolCalls: [], followUps: [], waitText: '', steps: [{ text: firstStep, startedAt: now, doneAt: null }], startedAt: now };
}

export function reduceLive(live: LiveAnswer, event: LiveEvent): LiveAnswer {
  switch (event.type) {
    case 'ids': {
      // Only a new question takes the id of the question the answer follows (a regenerate's is `follows`).
      const questionId = live.question === null ? null : event.questionId ?? live.questionId;
      return live.convId === event.convId && live.questionId === questionId ? live : { ...live, convId: event.convId, questionId };
    }
    case 'ping':
      return { ...live, waitText: event.waitText };
    case 'references':
      return event.list.length > 0 ? { ...live, references: [...live.references, ...event.list] } : live;
    case 'toolCalls': {
      const toolCalls = mergeToolCalls(live.toolCalls, event.list);
      if (toolCalls === live.toolCalls) return live;
      const first = !started(live);
      return { ...live, toolCalls, steps: first ? advance(live.steps, null, event.now) : live.steps };
    }
    case 'followUps':
      return { ...live, followUps: event.list };
    case 'progress':
      return { ...live, steps: advance(live.steps, event.line.trim(), event.now) };
    case 'waitTick':
      return waitTick(live, event.waitSteps, event.now);
    case 'pieces':
      return applyPieces(live, event.text, event.reasoning, event.now);
  }
}

/** Ends the step being waited on and, unless `text` is null, starts the next one. */
function advance(steps: ProgressStep[], text: string | null, now: number): ProgressStep[] {
  const current = steps.at(-1);
  const ended = current && current.doneAt === null ? [...steps.slice(0, -1), { ...current, doneAt: now }] : steps;
  return text === null ? ended : [...ended, { text, startedAt: now, doneAt: null }];
}

/** The model has answered something: text, thinking or a tool call. */
const started = (live: LiveAnswer) => live.text !== '' || live.reasoning !== '' || live.toolCalls.length > 0;

function waitTick(live: LiveAnswer, waitSteps: readonly string[], now: number): LiveAnswer {
  if (started(live)) return live;
  const waited = live.steps.filter((step) => waitSteps.includes(step.text)).length;
  return waited < waitSteps.length ? { ...live, steps: advance(live.steps, waitSteps[waited]!, now) } : live;
}

function applyPieces(live: LiveAnswer, text: string, reasoning: string, now: number): LiveAnswer {
  let next = live;
  if (reasoning) {
    const first = !next.reasoning && !next.text;
    next = { ...next, reasoning: next.reasoning + reasoning, thinking: true, steps: first ? advance(next.steps, null, now) : next.steps };
  }
  if (text) {
    const first = !next.text;
    next = { ...next, text: next.text + text, thinking: false, steps: first ? advance(next.steps, null, now) : next.steps };
  }
  return next;
}

/** Progress lines ("正在搜索：…") become the checklist's current step, replacing the progress shown (spec chat §4). */
export function isProgressLine(content: string): boolean {
  return PROGRESS_PREFIXES.some((prefix) => content.startsWith(prefix));
}
