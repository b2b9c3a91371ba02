import type { NodeStatus, Reference } from '@qiming/contracts';
import type { Log } from '../../log.js';
import { startPeriodicTask } from '../../periodicTask.js';
import type { PriceRule, Usage } from '../catalogue/index.js';
import { CHAT_CODES } from '../conversations/codes.js';
import { chunkBodies, MALFORMED_FRAME, type ChunkIds } from './jobs/chunks.js';
import { SHUTDOWN_REASON, type JobHandle } from './jobs/jobManager.js';
import { fetchFollowUps } from './followUps.js';
import { countPromptTokens, countTokens } from './upstream/tokens.js';
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
  status: Exclude<NodeStatus, 'generating'>;
  error: string | null;
  offlineDemo: boolean;
  usage: { channel: string; inputTokens: number; outputTokens: number } | null;
}

export interface GenerationDeps {
  source: AnswerSource;
  points: {
    settle(generationId: string, usage: Usage, options?: { searched?: boolean }): Promise<unknown>;
    refund(generationId: string): Promise<unknown>;
  };
  conversations: { finishAnswer(nodeId: string, answer: FinishedAnswer): Promise<boolean> };
  /** A ping with wait text after this much silence from the upstream. */
  pingAfterMs: number;
  /** The follow-up suggestions call gives up after this long (followUps.ts); 0 turns it off. */
  followUpTimeoutMs: number;
  log: Log;
}

export interface GenerationPlan {
  ids: ChunkIds;
  title: string;
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
  request: Omit<UpstreamRequest, 'signal'>;
}

export const WAIT_TEXTS = { start: '正在连接模型，请稍候…', waiting: '模型正在思考，请耐心等待…' };
export const SHUTDOWN_MESSAGE = '服务正在更新，本次回复被中断，请重新生成，未生成成功不扣积分。';

/**
 * One generation: reads the answer source, turns its events into stream chunks, then — before
 * the last chunk, so a client that refreshes its points on `done` sees the charge — settles the
 * points and writes the answer node. Charging policy (server/README.md): a failure, an upstream
 * error or a shutdown costs nothing; a user stop after output is charged for what was produced
 * (per-token / per-character) or in full (per request); a stop before output costs nothing.
 */
export async function runGeneration(job: JobHandle, plan: GenerationPlan, deps: GenerationDeps): Promise<FinishedAnswer> {
  const answer: FinishedAnswer = { content: '', reasoning: '', references: [], followUps: [], status: 'done', error: null, offlineDemo: false, usage: null };
  let produced = false;
  let webReferences = 0;
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

  const apply = (event: UpstreamEvent) => {
    lastActivity = Date.now();
    switch (event.type) {
      case 'content':
        if (event.text === '') return;
        produced = true;
        answer.content += event.text;
        return job.emit(chunkBodies.content(event.text));
      case 'reasoning':
        if (event.text === '') return;
        produced = true;
        answer.reasoning += event.text;
        return job.emit(chunkBodies.reasoning(event.text));
      case 'progress':
        return job.emit(chunkBodies.progress(event.text));
      case 'references':
        webReferences += event.references.length;
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
      case 'toolCall':
        // Extensions (MCP) will run tool calls; until then a model's tool call is not answered.
        return;
    }
  };

  let answeredOn: ChannelConfig | null = null;
  try {
    const { channel, events } = await deps.source.open(plan.answeredBy, { ...plan.request, signal: job.signal });
    answeredOn = channel;
    answer.offlineDemo = channel.kind === 'offline';
    const channelId = channel.id;
    for (;;) {
      const next = await events.next();
      if (next.done) break;
      apply(next.value);
      if (answer.usage) answer.usage.channel = channelId;
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
  // The answer is complete: a stop from now on only ends the suggestions call (the answer stays done).
  if (answer.status === 'done' && answeredOn && answeredOn.kind !== 'offline' && plan.followUps && answer.followUps.length === 0 && answer.content.trim()) {
    const channel = answeredOn;
    answer.followUps = await fetchFollowUps({
      stream: (request) => deps.source.streamOn(channel, plan.answeredBy, request),
      request: plan.request,
      // The message answered, a regenerated answer's too (as sent upstream, cut to an excerpt).
      question: [...plan.request.messages].reverse().find((message) => message.role === 'user')?.content ?? '',
      answer: answer.content,
      signal: job.signal,
      timeoutMs: deps.followUpTimeoutMs,
      log: deps.log,
    });
    if (answer.followUps.length > 0) job.emit(chunkBodies.followUps(answer.followUps));
  }

  const charged = answer.status === 'done' || (answer.status === 'stopped' && produced);
  try {
    // A search ran when it brought sources back; one that did not run is never billed.
    const searched = plan.searchRequested === true && webReferences > 0;
    if (charged) await deps.points.settle(job.id, usageFor(plan, answer, produced), { searched });
    else await deps.points.refund(job.id);
  } catch (error) {
    // The hold stays and the sweeper releases it when it expires: the user is never overcharged.
    deps.log.error({ err: error, jobId: job.id }, 'settling the points hold failed');
  }
  try {
    await deps.conversations.finishAnswer(job.id, answer);
  } catch (error) {
    deps.log.error({ err: error, jobId: job.id }, 'saving the answer failed');
  }

  if (answer.status === 'failed') job.emit(chunkBodies.error(CHAT_CODES.generationFailed.code, answer.error ?? CHAT_CODES.generationFailed.msg, plan.ids));
  else if (answer.status === 'stopped') job.emit(chunkBodies.error(CHAT_CODES.stoppedByUser.code, CHAT_CODES.stoppedByUser.msg, plan.ids));
  else job.emit(chunkBodies.final({ ...plan.ids, title: plan.title, offlineDemo: answer.offlineDemo }));
  return answer;
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

