import { mergeToolCalls, type NodeStatus, type Reference, type ToolCallRecord } from '@qiming/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import { startPeriodicTask } from '../../periodicTask.js';
import type { PriceRule, Usage } from '../catalogue/index.js';
import { CHAT_CODES } from '../conversations/codes.js';
import { chunkBodies, MALFORMED_FRAME, type ChunkBody, type ChunkIds } from './jobs/chunks.js';
import { SHUTDOWN_REASON, type JobHandle } from './jobs/jobManager.js';
import { fetchFollowUps } from './followUps.js';
import { countPromptTokens, countTokens } from './upstream/tokens.js';
import { runToolLoop, type ToolLoopEvent } from './tools/toolLoop.js';
import type { ToolCaller, ToolSource } from './tools/types.js';
import type { WebSearch } from '../webSearch/index.js';
import { searchBeforeAnswer, withSearchResults } from './webSearchStep.js';
import { UpstreamError, type ChannelConfig, type UpstreamEvent, type UpstreamRequest } from './upstream/types.js';

/** The channel router as the gateway uses it (upstream/channelRouter.ts). */
export interface AnswerSource {
  open(modelId: string, request: UpstreamRequest): Promise<{ channel: ChannelConfig; events: AsyncIterator<UpstreamEvent> }>;
  /** One more request on the channel that answered (follow-up suggestions), no failover. */
  streamOn(channel: ChannelConfig, modelId: string, request: UpstreamRequest): AsyncIterable<UpstreamEvent>;
}

export interface FinishedAnswer {
  content: string;
  reasoning: string;
  references: Reference[];
  followUps: string[];
  /** The extensions' tool calls, in order. */
  toolCalls: ToolCallRecord[];
  status: Exclude<NodeStatus, 'generating'>;
  error: string | null;
  offlineDemo: boolean;
  usage: { channel: string; inputTokens: number; outputTokens: number } | null;
}

/** The caller's writes in the transaction that ends the points hold (see PointsService.settle). */
type Alongside = (trx: Kysely<Database>) => Promise<unknown>;

export interface GenerationDeps {
  source: AnswerSource;
  points: {
    settle(generationId: string, usage: Usage, options?: { searched?: boolean; toolFees?: number; alongside?: Alongside }): Promise<unknown>;
    refund(generationId: string, options?: { alongside?: Alongside; reason?: string | null }): Promise<unknown>;
  };
  conversations: {
    finishAnswer(nodeId: string, answer: FinishedAnswer, executor?: Kysely<Database>): Promise<boolean>;
    saveFollowUps(nodeId: string, followUps: readonly string[]): Promise<boolean>;
  };
  /** A ping with wait text after this much silence from the upstream. */
  pingAfterMs: number;
  /** The follow-up suggestions call gives up after this long (followUps.ts); 0 turns it off. */
  followUpTimeoutMs: number;
  /** The extensions (MCP) a message may use; without it `plan.extensions` is ignored. */
  tools?: ToolSource;
  /** The configured web search provider; without it `plan.webSearch` is ignored. */
  webSearch?: Pick<WebSearch, 'search'>;
  log: Log;
}

export interface GenerationPlan {
  ids: ChunkIds;
  title: string;
  /** When the turn was written: the answer's createTime, told on the chunk that completes it. */
  createTime: string;
  /** The model id the points hold was placed for and the answer is billed as (an agent's code for an agent). */
  model: string;
  /** The catalogue model whose channels answer: `model` itself, or an agent's model. */
  answeredBy: string;
  price: PriceRule;
  /** Ask a real channel for follow-up suggestions after the answer (not in the plain-request mode, which shows none). */
  followUps: boolean;
  /** The 联网搜索 switch was on and accepted: its fee is charged when the search ran (sources came back). */
  searchRequested?: boolean;
  /** Sources known before the model runs (a knowledge base's passages): the first references the reader gets. */
  references?: Reference[];
  /** A web search to run before the model answers (a provider is configured and the switch or the 搜索 prefix asked). */
  webSearch?: { query: string };
  /** Extensions the model may call (the message's and its agent's), for whom, and the points the hold set aside for their calls. */
  extensions?: { names: string[]; caller: ToolCaller; feeAllowance: number };
  request: Omit<UpstreamRequest, 'signal'>;
}

export const WAIT_TEXTS = { start: '正在连接模型，请稍候…', waiting: '模型正在思考，请耐心等待…' };
export const SHUTDOWN_MESSAGE = '服务正在更新，本次回复被中断，请重新生成，未生成成功不扣积分。';

/**
 * One generation: reads the answer source and turns its events into stream chunks; then settles
 * the points and saves the answer node (one transaction), and only then sends the chunk that
 * completes the answer — a client that refreshes its points then sees the charge. A real channel's
 * follow-up suggestions are asked for after that chunk: they never hold the answer back. Charging
 * policy (server/README.md): a failure, an upstream error or a shutdown costs nothing; a user stop
 * after output is charged for what was produced (per-token / per-character) or in full (per
 * request); a stop before output costs nothing.
 */
export async function runGeneration(job: JobHandle, plan: GenerationPlan, deps: GenerationDeps): Promise<FinishedAnswer> {
  const read = await readAnswer(job, plan, deps);
  await settleAndSave(job.id, read.answer, chargeOf(plan, read), deps);
  job.emit(lastChunkOf(plan, read.answer));
  const channel = followUpChannel(plan, read);
  if (channel) await followUpsAfterAnswer(job, plan, read.answer, channel, deps);
  return read.answer;
}

/** The answer as the source gave it, and what billing needs to know of it. */
interface ReadAnswer {
  answer: FinishedAnswer;
  /** Text or reasoning came (a stop before that costs nothing). */
  produced: boolean;
  /** References a web search brought (the search fee is due only then). */
  webReferences: number;
  /** Points of the extensions' calls that answered. */
  toolFees: number;
  /** The channel that answered; null when none could. */
  channel: ChannelConfig | null;
}

/** Streams the answer's chunks until the source ends, fails, or the job is stopped or shut down. */
async function readAnswer(job: JobHandle, plan: GenerationPlan, deps: GenerationDeps): Promise<ReadAnswer> {
  const answer: FinishedAnswer = { content: '', reasoning: '', references: [], followUps: [], toolCalls: [], status: 'done', error: null, offlineDemo: false, usage: null };
  const read: ReadAnswer = { answer, produced: false, webReferences: 0, toolFees: 0, channel: null };
  let lastActivity = Date.now();
  job.emit(chunkBodies.ping(WAIT_TEXTS.start, plan.ids));
  if (plan.references?.length) {
    answer.references.push(...plan.references);
    job.emit(chunkBodies.references(plan.references));
  }
  const pinger = startPeriodicTask(
    'chat keep-alive ping',
    () => {
      if (Date.now() - lastActivity >= deps.pingAfterMs) {
        lastActivity = Date.now();
        job.emit(chunkBodies.ping(WAIT_TEXTS.waiting));
      }
    },
    Math.max(50, Math.floor(deps.pingAfterMs / 2)),
    deps.log,
  );

  const apply = (event: ToolLoopEvent) => {
    lastActivity = Date.now();
    switch (event.type) {
      case 'content':
        if (event.text === '') return;
        read.produced = true;
        answer.content += event.text;
        return job.emit(chunkBodies.content(event.text));
      case 'reasoning':
        if (event.text === '') return;
        read.produced = true;
        answer.reasoning += event.text;
        return job.emit(chunkBodies.reasoning(event.text));
      case 'progress':
        return job.emit(chunkBodies.progress(event.text));
      case 'references':
        read.webReferences += event.references.length;
        answer.references.push(...event.references);
        return job.emit(chunkBodies.references(event.references));
      case 'followUps':
        answer.followUps = event.questions;
        return job.emit(chunkBodies.followUps(event.questions));
      case 'usage':
        answer.usage = { channel: answer.usage?.channel ?? '', inputTokens: event.inputTokens, outputTokens: event.outputTokens };
        return;
      case 'malformedChunk':
        return job.emitRaw(MALFORMED_FRAME);
      case 'toolCalls':
        read.toolFees = event.fees;
        answer.toolCalls = mergeToolCalls(answer.toolCalls, event.records);
        return job.emit(chunkBodies.toolCalls(event.records));
      case 'toolCall':
        // Calls are the tool loop's (openAnswer): without extensions a model's call is not answered.
        return;
    }
  };

  try {
    let request = plan.request;
    if (plan.webSearch && deps.webSearch) {
      const found = await searchBeforeAnswer(plan.webSearch.query, deps.webSearch, job.signal, apply);
      request = withSearchResults(request, plan.webSearch.query, found);
    }
    const { channel, events } = await openAnswer(job, { ...plan, request }, deps);
    read.channel = channel;
    answer.offlineDemo = channel.kind === 'offline';
    for (;;) {
      const next = await events.next();
      if (next.done) break;
      apply(next.value);
      if (answer.usage) answer.usage.channel = channel.id;
      if (job.signal.aborted) break;
    }
    if (job.signal.aborted) await events.return?.();
  } catch (error) {
    if (!job.signal.aborted) {
      answer.status = 'failed';
      answer.error = error instanceof UpstreamError && error.options.userMessage ? error.options.userMessage : CHAT_CODES.generationFailed.msg;
      deps.log.warn({ err: error, jobId: job.id, model: plan.model }, 'generation failed');
    }
  }
  await pinger.stop();
  if (job.signal.aborted) {
    const shutdown = job.signal.reason === SHUTDOWN_REASON;
    answer.status = shutdown ? 'failed' : 'stopped';
    if (shutdown) answer.error = SHUTDOWN_MESSAGE;
  }
  return read;
}

/**
 * The answer's events: the channel router's answer, or — when the message selected extensions —
 * the tool loop around it (its later rounds on the channel that answered the first).
 */
async function openAnswer(job: JobHandle, plan: GenerationPlan, deps: GenerationDeps): Promise<{ channel: ChannelConfig; events: AsyncIterator<ToolLoopEvent> }> {
  const request = { ...plan.request, signal: job.signal };
  if (!plan.extensions?.names.length || !deps.tools) return deps.source.open(plan.answeredBy, request);
  const session = await deps.tools.open(plan.extensions.names, plan.extensions.caller, job.signal);
  const tools = session.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
  const opened = await deps.source.open(plan.answeredBy, { ...request, tools });
  const loop = runToolLoop({ [Symbol.asyncIterator]: () => opened.events }, (round) => deps.source.streamOn(opened.channel, plan.answeredBy, { ...request, ...round }), request.messages, {
    session,
    feeAllowance: plan.extensions.feeAllowance,
    signal: job.signal,
  });
  return { channel: opened.channel, events: loop };
}

/** How the answer is billed: settled at its usage, or (null) refunded. */
interface Charge {
  usage: Usage;
  searched: boolean;
  toolFees: number;
}

function chargeOf(plan: GenerationPlan, { answer, produced, webReferences, toolFees }: ReadAnswer): Charge | null {
  const charged = answer.status === 'done' || (answer.status === 'stopped' && produced);
  if (!charged) return null;
  // A search ran when it brought sources back; one that did not run is never billed.
  return { usage: usageFor(plan, answer, produced), searched: plan.searchRequested === true && webReferences > 0, toolFees };
}

/**
 * Ends the points hold and saves the answer node in one transaction. When that fails the answer is
 * saved on its own: the hold stays and the sweeper releases it when it expires, so the user is
 * never overcharged and the answer is kept.
 */
async function settleAndSave(jobId: string, answer: FinishedAnswer, charge: Charge | null, deps: GenerationDeps): Promise<void> {
  const save = (executor?: Kysely<Database>) => deps.conversations.finishAnswer(jobId, answer, executor);
  try {
    if (charge) await deps.points.settle(jobId, charge.usage, { searched: charge.searched, toolFees: charge.toolFees, alongside: save });
    else await deps.points.refund(jobId, { alongside: save, reason: refundReasonOf(answer) });
    return;
  } catch (error) {
    deps.log.error({ err: error, jobId }, 'settling the points hold with the answer failed; saving the answer alone');
  }
  try {
    await save();
  } catch (error) {
    deps.log.error({ err: error, jobId }, 'saving the answer failed');
  }
}

/** Why an answer that is not charged was refunded, as its usage record says it. */
function refundReasonOf(answer: FinishedAnswer): string | null {
  if (answer.status === 'stopped') return '已停止生成，未产生输出';
  return answer.error ?? null;
}

/** The chunk that ends the answer: the one completing it, or the error of a failed or stopped one. */
function lastChunkOf(plan: GenerationPlan, answer: FinishedAnswer): ChunkBody {
  if (answer.status === 'failed') return chunkBodies.error(CHAT_CODES.generationFailed.code, answer.error ?? CHAT_CODES.generationFailed.msg, plan.ids);
  if (answer.status === 'stopped') return chunkBodies.error(CHAT_CODES.stoppedByUser.code, CHAT_CODES.stoppedByUser.msg, plan.ids);
  return chunkBodies.final({ ...plan.ids, title: plan.title, offlineDemo: answer.offlineDemo, createTime: plan.createTime });
}

/** The real channel to ask for suggestions after a complete answer with text; null when none are asked (the offline model writes its own). */
function followUpChannel(plan: GenerationPlan, { answer, channel }: ReadAnswer): ChannelConfig | null {
  if (!plan.followUps || answer.status !== 'done' || !channel || channel.kind === 'offline') return null;
  return answer.followUps.length === 0 && answer.content.trim() ? channel : null;
}

/**
 * A real channel's follow-up suggestions, after the answer is complete: saved on its node, then
 * sent as the follow_up chunk. A stop or a shutdown now only ends this call; a failed, empty or
 * late call shows none (followUps.ts).
 */
async function followUpsAfterAnswer(job: JobHandle, plan: GenerationPlan, answer: FinishedAnswer, channel: ChannelConfig, deps: GenerationDeps): Promise<void> {
  const questions = await fetchFollowUps({
    stream: (request) => deps.source.streamOn(channel, plan.answeredBy, request),
    request: plan.request,
    // The message answered, a regenerated answer's too (as sent upstream, cut to an excerpt).
    question: [...plan.request.messages].reverse().find((message) => message.role === 'user')?.content ?? '',
    answer: answer.content,
    signal: job.signal,
    timeoutMs: deps.followUpTimeoutMs,
    log: deps.log,
  });
  if (questions.length === 0) return;
  answer.followUps = questions;
  // Saved first, so a reader who reads the conversation on this chunk finds them.
  await deps.conversations.saveFollowUps(job.id, questions).catch((error: Error) => deps.log.warn({ err: error, jobId: job.id }, 'saving the follow-up suggestions failed'));
  job.emit(chunkBodies.followUps(questions));
}

/** What the generation used, in the unit of the model's price rule; counted here when the upstream reported no usage (a stop). */
function usageFor({ price, request }: GenerationPlan, answer: FinishedAnswer, produced: boolean): Usage {
  if (price.kind === 'perRequest') return { requests: produced ? 1 : 0 };
  if (price.kind === 'perCharacter') return { characters: [...answer.content].length };
  if (!produced) return { inputTokens: 0, outputTokens: 0 };
  // A stopped stream's last usage report can lag behind what was streamed: count it then too.
  const counted = !answer.usage || answer.status === 'stopped' ? countTokens(answer.reasoning) + countTokens(answer.content) : 0;
  return {
    inputTokens: answer.usage?.inputTokens || countPromptTokens(request.messages),
    outputTokens: Math.max(answer.usage?.outputTokens ?? 0, counted),
  };
}

