import type { ToolCallRecord } from '@qiming/contracts';
import type { UpstreamEvent, UpstreamMessage, UpstreamRequest, UpstreamToolCall } from '../upstream/types.js';
import type { ToolSession, ToolSpec } from './types.js';

/** Bounds of one answer's tool loop (chat/README.md, "Extensions"). */
export const TOOL_LOOP_LIMITS = {
  /** Rounds in which the model may call tools; the round after the last one must answer. */
  rounds: 4,
  /** Calls run per round (more in one round are answered with an error). */
  callsPerRound: 8,
  /** Calls per answer: what the points hold covers at the dearest selected extension's price. */
  calls: 16,
  /** From the first call on: no new round of calls after this. */
  seconds: 120,
  /** Arguments and result as stored on the answer and shown in history (the model gets the whole result). */
  recordChars: 4000,
};

export type ToolLoopLimits = typeof TOOL_LOOP_LIMITS;

/** What the loop adds to the answer source's events: tool calls that started or changed, and the fees of the calls so far. */
export type ToolLoopEvent = UpstreamEvent | { type: 'toolCalls'; records: ToolCallRecord[]; fees: number };

export interface ToolLoopOptions {
  session: ToolSession;
  /** Points the hold set aside for calls: a call whose price no longer fits is refused, not run. */
  feeAllowance: number;
  signal: AbortSignal;
  limits?: ToolLoopLimits;
  now?: () => number;
}

/** The next round: the same channel, the conversation so far with the calls and their results. */
export type NextRound = (request: Pick<UpstreamRequest, 'messages' | 'tools' | 'toolChoice'>) => AsyncIterable<UpstreamEvent>;

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit)}…` : text);

/**
 * Runs the model's tool calls until it answers: each round's calls run in parallel, their results
 * go back as tool messages, and the model is asked again — at most `rounds` rounds of calls and
 * `seconds` from the first one, after which it must answer with what it has (tool choice `none`).
 * Text and thinking pass through as they come; usage events are the totals of every round so far;
 * the calls come out as `toolCalls` events (running, then done / failed with seconds). A call never
 * fails the answer: errors, timeouts and refusals go back to the model as results.
 */
export async function* runToolLoop(
  firstRound: AsyncIterable<UpstreamEvent>,
  nextRound: NextRound,
  messages: readonly UpstreamMessage[],
  options: ToolLoopOptions,
): AsyncGenerator<ToolLoopEvent> {
  const limits = options.limits ?? TOOL_LOOP_LIMITS;
  const now = options.now ?? Date.now;
  const specs = new Map(options.session.tools.map((tool) => [tool.name, tool]));
  const calls = new CallLedger(options.feeAllowance, limits);
  let conversation = [...messages];
  let earlierRounds = { inputTokens: 0, outputTokens: 0 };
  let deadline = Number.POSITIVE_INFINITY;

  if (options.session.unavailable.length > 0) {
    const skipped = options.session.unavailable.map(
      (extension): ToolCallRecord => ({ id: `skipped-${extension.mcpName}`, mcpName: extension.mcpName, showName: extension.showName, tool: '', arguments: '', status: 'skipped', result: extension.reason, round: 1 }),
    );
    yield { type: 'toolCalls', records: skipped, fees: 0 };
  }

  let events = firstRound;
  for (let round = 1; ; round++) {
    const requested = new Map<number, UpstreamToolCall>();
    let text = '';
    let roundUsage = { inputTokens: 0, outputTokens: 0 };
    for await (const event of events) {
      if (event.type === 'toolCall') {
        requested.set(event.index, { id: event.id, name: event.name, arguments: event.arguments });
        continue;
      }
      if (event.type === 'usage') {
        roundUsage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
        yield { type: 'usage', inputTokens: earlierRounds.inputTokens + event.inputTokens, outputTokens: earlierRounds.outputTokens + event.outputTokens };
        continue;
      }
      if (event.type === 'content') text += event.text;
      yield event;
    }
    earlierRounds = { inputTokens: earlierRounds.inputTokens + roundUsage.inputTokens, outputTokens: earlierRounds.outputTokens + roundUsage.outputTokens };
    // A model asked to answer may still try a call: it is not run, the answer is what it wrote.
    const mayCall = round <= limits.rounds && now() < deadline;
    if (requested.size === 0 || !mayCall || options.signal.aborted) return;

    if (deadline === Number.POSITIVE_INFINITY) deadline = now() + limits.seconds * 1000;
    const batch = [...requested.entries()].sort(([a], [b]) => a - b).map(([index, call]) => ({ ...call, id: call.id || `call_${round}_${index}` }));
    const results: UpstreamMessage[] = [];
    yield* runRound(batch, round, specs, calls, options, results);
    if (options.signal.aborted) return;

    conversation = [...conversation, { role: 'assistant', content: text, toolCalls: batch }, ...results];
    const answerNow = round + 1 > limits.rounds || now() >= deadline;
    events = nextRound({ messages: conversation, tools: options.session.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })), toolChoice: answerNow ? 'none' : 'auto' });
  }
}

/** One round's calls, in parallel; each call's record comes out when it starts and again when it ends. Results are pushed in the model's order. */
async function* runRound(
  batch: UpstreamToolCall[],
  round: number,
  specs: ReadonlyMap<string, ToolSpec>,
  calls: CallLedger,
  options: ToolLoopOptions,
  results: UpstreamMessage[],
): AsyncGenerator<ToolLoopEvent> {
  const { recordChars } = options.limits ?? TOOL_LOOP_LIMITS;
  const started = batch.map((call, index) => {
    const spec = specs.get(call.name);
    const record: ToolCallRecord = {
      id: `${round}-${index + 1}`,
      mcpName: spec?.mcpName ?? '',
      showName: spec?.showName ?? call.name,
      tool: spec?.tool ?? call.name,
      arguments: cut(call.arguments, recordChars),
      status: 'running',
      round,
    };
    return { call, spec, record };
  });
  yield { type: 'toolCalls', records: started.map(({ record }) => ({ ...record })), fees: calls.fees };

  const finished = new Map<number, { ok: boolean; text: string }>();
  const pending = new Map<number, Promise<number>>();
  started.forEach(({ call, spec, record }, index) => {
    pending.set(
      index,
      calls.run(call, spec, index, options).then((outcome) => {
        finished.set(index, outcome.result);
        record.status = outcome.result.ok ? 'done' : 'failed';
        record.result = cut(outcome.result.text, recordChars);
        record.seconds = outcome.seconds;
        return index;
      }),
    );
  });
  while (pending.size > 0) {
    const index = await Promise.race(pending.values());
    pending.delete(index);
    yield { type: 'toolCalls', records: [{ ...started[index]!.record }], fees: calls.fees };
  }
  started.forEach(({ call }, index) => {
    const result = finished.get(index)!;
    results.push({ role: 'tool', toolCallId: call.id, content: result.text, ...(result.ok ? {} : { toolError: true }) });
  });
}

/** Counts the calls of an answer and their fees, and refuses those beyond the limits or the allowance. */
class CallLedger {
  fees = 0;
  private count = 0;

  constructor(
    private readonly allowance: number,
    private readonly limits: ToolLoopLimits,
  ) {}

  async run(call: UpstreamToolCall, spec: ToolSpec | undefined, indexInRound: number, options: ToolLoopOptions): Promise<{ result: { ok: boolean; text: string }; seconds: number }> {
    const refusal = this.refusalOf(call, spec, indexInRound);
    if (refusal) return { result: { ok: false, text: refusal }, seconds: 0 };
    const price = spec!.pricePerCall;
    this.count++;
    this.fees += price; // reserved now, so parallel calls cannot overspend the allowance together
    const started = options.now?.() ?? Date.now();
    const result = await options.session.call(call.name, parseArguments(call.arguments)!, options.signal);
    if (!result.ok) this.fees -= price; // only a call that answered is charged
    const seconds = Math.round(((options.now?.() ?? Date.now()) - started) / 100) / 10;
    return { result, seconds };
  }

  private refusalOf(call: UpstreamToolCall, spec: ToolSpec | undefined, indexInRound: number): string | null {
    if (!spec) return `没有名为 ${call.name} 的工具`;
    if (parseArguments(call.arguments) === null) return '工具参数不是合法的 JSON 对象';
    if (indexInRound >= this.limits.callsPerRound) return `一次最多调用 ${this.limits.callsPerRound} 个工具，本次未执行`;
    if (this.count >= this.limits.calls) return `本次回复的工具调用次数已达上限（${this.limits.calls} 次），请直接回答`;
    if (this.fees + spec.pricePerCall > this.allowance) return '本次回复预留的扩展积分已用完，请直接回答';
    return null;
  }
}

/** The arguments as an object; `{}` for none; null when they are not a JSON object. */
function parseArguments(json: string): Record<string, unknown> | null {
  if (json.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
