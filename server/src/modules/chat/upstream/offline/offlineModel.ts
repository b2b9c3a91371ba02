import { countPromptTokens, estimateTokens } from '../tokens.js';
import { UpstreamError, type UpstreamAdapter, type UpstreamEvent, type UpstreamRequest } from '../types.js';
import { cutToTokens, withinBudget, type CountedText } from './budget.js';
import { composeAnswer } from './composeAnswer.js';
import { faultIn, type FaultMode } from './faults.js';
import { pausesFor, piecesOf, sleep as timerSleep, untilAborted, type Sleep } from './pacing.js';
import { answerFromToolResults, lastToolRound, plannedToolCalls } from './toolUse.js';
import { zhWriter } from './writers/zh.js';

export interface OfflineModelOptions {
  /** Streaming speed. Default 60; 0 or Infinity streams without pauses (tests, benchmarks). */
  tokensPerSecond?: number;
  /** Pause before the first event (and again between "searching" and the references). Default 300. */
  firstTokenDelayMs?: number;
  /** Characters per streamed piece. Default 4. */
  chunkChars?: number;
  /** A fault for every request (a marker in the message takes precedence). */
  fault?: FaultMode;
  /** The first event's delay under the slow-first-token fault. Default 8000. */
  slowFirstTokenMs?: number;
  /** Injectable for tests; must resolve (not reject) when the signal aborts. */
  sleep?: Sleep;
}

export const OFFLINE_DEFAULTS = { tokensPerSecond: 60, firstTokenDelayMs: 300, chunkChars: 4, slowFirstTokenMs: 8000 } as const;

/** The user-facing texts of the simulated upstream errors. */
export const OFFLINE_FAULT_MESSAGES = {
  beforeOutput: '离线演示模型模拟的上游错误（输出前）',
  midStream: '离线演示模型模拟的上游错误（输出中）',
} as const;

function nonNegative(name: string, value: number): number {
  if (Number.isNaN(value) || value < 0) throw new RangeError(`OfflineModel: ${name} must be ≥ 0, got ${value}`);
  return value;
}

/**
 * The embedded model that serves every model without a configured upstream channel (离线演示):
 * a deterministic, content-aware markdown answer (composeAnswer), streamed in small pieces at a
 * realistic pace, with reasoning for think models, references for web models, follow-ups, usage,
 * and fault modes for tests and benchmarks.
 */
export class OfflineModel implements UpstreamAdapter {
  readonly kind = 'offline' as const;
  private readonly tokensPerSecond: number;
  private readonly firstTokenDelayMs: number;
  private readonly chunkChars: number;
  private readonly slowFirstTokenMs: number;
  private readonly fault: FaultMode | undefined;
  private readonly sleep: Sleep;

  constructor(options: OfflineModelOptions = {}) {
    this.tokensPerSecond = nonNegative('tokensPerSecond', options.tokensPerSecond ?? OFFLINE_DEFAULTS.tokensPerSecond);
    this.firstTokenDelayMs = nonNegative('firstTokenDelayMs', options.firstTokenDelayMs ?? OFFLINE_DEFAULTS.firstTokenDelayMs);
    this.slowFirstTokenMs = nonNegative('slowFirstTokenMs', options.slowFirstTokenMs ?? OFFLINE_DEFAULTS.slowFirstTokenMs);
    this.chunkChars = options.chunkChars ?? OFFLINE_DEFAULTS.chunkChars;
    if (!Number.isInteger(this.chunkChars) || this.chunkChars < 1) throw new RangeError(`OfflineModel: chunkChars must be a positive integer, got ${this.chunkChars}`);
    this.fault = options.fault;
    this.sleep = options.sleep ?? timerSleep;
  }

  stream(request: UpstreamRequest): AsyncIterable<UpstreamEvent> {
    return this.generate(request);
  }

  /** False once the request is aborted: the stream then ends without another event. */
  private async wait(ms: number, signal: AbortSignal): Promise<boolean> {
    if (ms > 0 && !signal.aborted) await this.sleep(ms, signal);
    return !signal.aborted;
  }

  /** Yields the pieces at their pauses; false when the request was aborted meanwhile. */
  private async *paced(type: 'reasoning' | 'content', pieces: readonly string[], pauses: readonly number[], signal: AbortSignal): AsyncGenerator<UpstreamEvent, boolean> {
    for (let i = 0; i < pieces.length; i++) {
      if (!(await this.wait(pauses[i]!, signal))) return false;
      yield { type, text: pieces[i]! };
    }
    return !signal.aborted;
  }

  private split(text: CountedText): { pieces: string[]; pauses: number[] } {
    const pieces = piecesOf(text.text, this.chunkChars);
    return { pieces, pauses: pausesFor(pieces, text.tokens, this.tokensPerSecond) };
  }

  /**
   * With extensions offered (toolUse.ts): the calls the question needs, or the answer from the
   * results that came back. False when neither applies (the usual answer follows).
   */
  private async *useTools(request: UpstreamRequest, question: string): AsyncGenerator<UpstreamEvent, boolean> {
    const { signal } = request;
    const round = lastToolRound(request.messages);
    if (round) {
      const content = cutToTokens(answerFromToolResults(round, zhWriter.closing), request.maxOutputTokens);
      const { pieces, pauses } = this.split(content);
      if (!(await this.wait(this.firstTokenDelayMs, signal))) return true;
      if (!(yield* this.paced('content', pieces, pauses, signal))) return true;
      yield { type: 'usage', inputTokens: countPromptTokens(request.messages, estimateTokens), outputTokens: content.tokens };
      return true;
    }
    const calls = request.toolChoice === 'none' ? [] : plannedToolCalls(question, request.tools ?? []);
    if (calls.length === 0) return false;
    if (!(await this.wait(this.firstTokenDelayMs, signal))) return true;
    for (const [index, call] of calls.entries()) yield { type: 'toolCall', index, ...call };
    yield { type: 'usage', inputTokens: countPromptTokens(request.messages, estimateTokens), outputTokens: estimateTokens(calls.map((call) => call.name + call.arguments).join('')) };
    return true;
  }

  private async *generate(request: UpstreamRequest): AsyncGenerator<UpstreamEvent> {
    const { signal } = request;
    if (signal.aborted) return;
    const lastUser = request.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
    const fault = faultIn(lastUser) ?? this.fault;
    if (request.tools?.length) {
      const used = yield* this.useTools(request, lastUser);
      if (used) return;
    }
    const answer = composeAnswer({ messages: request.messages, catalogueModel: request.catalogueModel, think: request.think, webSearch: request.webSearch, persona: request.persona, knowledge: request.knowledge });
    const { reasoning, content } = withinBudget(answer.reasoning, answer.content, request.maxOutputTokens);

    if (!(await this.wait(fault === 'slow-first-token' ? this.slowFirstTokenMs : this.firstTokenDelayMs, signal))) return;
    if (fault === 'error-before-output') {
      throw new UpstreamError('offline model: simulated error before output', { failover: false, userMessage: OFFLINE_FAULT_MESSAGES.beforeOutput });
    }

    if (answer.searchProgress !== undefined) {
      yield { type: 'progress', text: answer.searchProgress };
      if (!(await this.wait(this.firstTokenDelayMs, signal))) return;
      yield { type: 'references', references: answer.references };
    }
    const thinking = this.split(reasoning);
    if (!(yield* this.paced('reasoning', thinking.pieces, thinking.pauses, signal))) return;

    // Mid-stream faults strike between the two halves of the content.
    const { pieces, pauses } = this.split(content);
    const half = Math.ceil(pieces.length / 2);
    if (!(yield* this.paced('content', pieces.slice(0, half), pauses.slice(0, half), signal))) return;
    if (fault === 'error-mid-stream') {
      throw new UpstreamError('offline model: simulated error mid-stream', { failover: false, userMessage: OFFLINE_FAULT_MESSAGES.midStream });
    }
    if (fault === 'stall') {
      await untilAborted(signal);
      return;
    }
    if (fault === 'malformed-chunk') yield { type: 'malformedChunk' };
    if (!(yield* this.paced('content', pieces.slice(half), pauses.slice(half), signal))) return;

    if (answer.followUps.length > 0) yield { type: 'followUps', questions: answer.followUps };
    yield { type: 'usage', inputTokens: countPromptTokens(request.messages, estimateTokens), outputTokens: reasoning.tokens + content.tokens };
  }
}
