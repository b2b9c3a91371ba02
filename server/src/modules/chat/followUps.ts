import type { Log } from '../../log.js';
import type { UpstreamEvent, UpstreamMessage, UpstreamRequest } from './upstream/types.js';

/**
 * Follow-up suggestions for an answer from a real channel (the offline model writes its own): one
 * short, cheap call to the same channel after the answer, asking for three short questions in the
 * answer's language. Free for the user (not part of the settled usage). Hidden — nothing is sent —
 * when it fails, times out or says nothing usable, and never made once the user stopped the answer.
 */

/** At most this many suggestions are shown (the spec's numbering runs 1. to 3.). */
export const MAX_FOLLOW_UPS = 3;
/** A suggestion longer than this is not a short question. */
const MAX_FOLLOW_UP_CHARS = 80;
/** The output limit of the call: three short questions. */
export const FOLLOW_UP_MAX_TOKENS = 200;
/** The question and the answer are sent cut to this many characters each (the call stays cheap). */
const EXCERPT_CHARS = 2000;

const INSTRUCTION =
  'You suggest follow-up questions. Given a question and its answer, write exactly 3 short follow-up questions the user might ask next, ' +
  'in the same language as the answer, one per line, without numbering, quotes or any other text.';

const excerpt = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text);

/** The messages of the follow-up call: the instruction, then the question and the answer to suggest for. */
export function followUpMessages(question: string, answer: string): UpstreamMessage[] {
  return [
    { role: 'system', content: INSTRUCTION },
    { role: 'user', content: `Question:\n${excerpt(question)}\n\nAnswer:\n${excerpt(answer)}\n\nThe 3 follow-up questions:` },
  ];
}

/** Leading list marks: "1." "2)" "3、" "（1）" "- " "* " "• " "Q1:"; then quotes around the question. */
const LIST_MARK = /^\s*(?:[-*•·]+\s*|[(（]?\d{1,2}\s*[.)）、:：]\s*|[Qq]\d\s*[.:：]\s*|#+\s*)/;
const QUOTES = /^["'“”‘’「」『』]+|["'“”‘’「」『』]+$/g;

/**
 * The suggestions in a reply, however the model wrote them: one per line, numbered or bulleted, a
 * JSON array, or `&&`-joined; empty, over-long and repeated items are dropped, at most three kept.
 */
export function parseFollowUps(text: string): string[] {
  let items: string[] | null = null;
  const json = text.slice(text.indexOf('['), text.lastIndexOf(']') + 1);
  if (json.length > 1) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) items = parsed;
    } catch {
      // Not JSON: read it as lines.
    }
  }
  items ??= text.split(/\r?\n|&&/);
  const seen = new Set<string>();
  const questions: string[] = [];
  for (const raw of items) {
    const question = raw.replace(/\*\*/g, '').replace(LIST_MARK, '').trim().replace(QUOTES, '').trim();
    if (!question || question.length > MAX_FOLLOW_UP_CHARS || seen.has(question)) continue;
    // A heading the model added ("Follow-up questions:", "追问：") is not a question.
    if (/[:：]$/.test(question)) continue;
    seen.add(question);
    questions.push(question);
    if (questions.length === MAX_FOLLOW_UPS) break;
  }
  return questions;
}

export interface FollowUpCall {
  /** Streams the follow-up request on the channel that answered (no failover: it is optional). */
  stream(request: UpstreamRequest): AsyncIterable<UpstreamEvent>;
  /** The request the answer was made with (model, think…), reused with the follow-up messages. */
  request: Omit<UpstreamRequest, 'signal' | 'messages' | 'maxOutputTokens'>;
  question: string;
  answer: string;
  /** The job's signal: a stop or a shutdown ends the call at once. */
  signal: AbortSignal;
  timeoutMs: number;
  log: Log;
}

/** Asks for the suggestions; [] when the call fails, times out, is stopped or gives nothing usable. */
export async function fetchFollowUps(call: FollowUpCall): Promise<string[]> {
  if (call.signal.aborted || call.timeoutMs <= 0) return [];
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('follow-up suggestions timed out')), call.timeoutMs);
  const signal = AbortSignal.any([call.signal, timeout.signal]);
  let text = '';
  try {
    const request: UpstreamRequest = {
      ...call.request,
      messages: followUpMessages(call.question, call.answer),
      // No thinking and no search: a short, cheap call.
      think: false,
      webSearch: false,
      maxOutputTokens: FOLLOW_UP_MAX_TOKENS,
      signal,
    };
    for await (const event of call.stream(request)) {
      if (event.type === 'content') text += event.text;
      if (signal.aborted) return [];
    }
  } catch (error) {
    if (!signal.aborted) call.log.info({ err: error }, 'follow-up suggestions failed (hidden)');
    return [];
  } finally {
    clearTimeout(timer);
  }
  return signal.aborted ? [] : parseFollowUps(text);
}
