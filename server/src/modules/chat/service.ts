import { randomUUID } from 'node:crypto';
import { EXTENSION_LIMITS, type StreamRequestBody } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';
import type { ModelPrices, PricedModel } from '../catalogue/index.js';
import { POINTS_CODES, type PointsService } from '../points/index.js';
import { chatError, CHAT_CODES } from '../conversations/codes.js';
import type { ConversationsService, Turn, TurnInput } from '../conversations/index.js';
import { buildContext, CHAT_LIMITS, memoryRounds, type AnswerIdentity, type ContextContributor, type ContextRequest, type UploadedImageSource } from './context.js';
import { runGeneration, type AnswerSource, type FinishedAnswer, type GenerationDeps, type GenerationPlan } from './generation.js';
import type { ChunkIds } from './jobs/chunks.js';
import type { JobManager, JobSlot } from './jobs/jobManager.js';
import type { ContentPolicy } from './policy/contentPolicy.js';
import { TOOL_LOOP_LIMITS } from './tools/toolLoop.js';
import type { ToolSource } from './tools/types.js';
import type { WebSearch } from '../webSearch/index.js';
import { searchQueryOf, startsWithSearch, WEB_SEARCH_EXTENSION } from './webSearchStep.js';
import type { JobRecovery } from './recovery.js';


/** The conversation store as the gateway uses it. */
export type TurnStore = Pick<ConversationsService, 'previewTurn' | 'startTurn' | 'finishAnswer' | 'saveFollowUps'>;

export interface ChatServiceDeps {
  jobs: JobManager;
  source: AnswerSource;
  points: Pick<PointsService, 'quote' | 'hold' | 'settle' | 'refund'>;
  conversations: TurnStore;
  /** The catalogue's prices: a model without one is unknown here. */
  prices: ModelPrices;
  /**
   * What the gateway needs of a model: whether it shows reasoning / searches the web itself (the
   * catalogue's think and web); `icon` marks its conversations in the history list, `vision` says
   * that uploaded images go to it as images (it sees images and a real upstream serves it),
   * `searchAvailable` whether the 联网搜索 switch can run for it (the channel router decides).
   */
  modelFacts(modelId: string): { think: boolean; web: boolean; icon: string | null; vision: boolean; searchAvailable: boolean } | undefined;
  /** The uploaded images of a message (the uploads module); without it images go as their OCR text. */
  uploadedImages?: UploadedImageSource;
  policy: ContentPolicy;
  contributors: readonly ContextContributor[];
  /** The extensions (MCP) a message may use; without it `mcps` is ignored. */
  tools?: ToolSource;
  /** A configured web search provider: the gateway searches before the model answers. Without it the offline model imitates one. */
  webSearch?: Pick<WebSearch, 'search'>;
  recovery: JobRecovery;
  maxOutputTokens: number;
  pingAfterMs: number;
  followUpTimeoutMs: number;
  log: GenerationDeps['log'];
}

/** Characters of tool results the hold's prompt estimate adds for a message with extensions (two calls' worth). */
const EXTENSION_RESULT_CHARS = 32_000;

/** The client's view of the conversation is out of date: 608 makes it reload and regenerate (spec chat §4). */
function reloadOnStaleParent(error: unknown): never {
  if (error instanceof AppError && error.code === CHAT_CODES.parentNotFound.code) throw new AppError(CHAT_CODES.reloadConversation.code, error.message);
  throw error;
}

export interface StartedGeneration {
  ids: ChunkIds;
  title: string;
  /** Resolves with the finished answer (the plain-request mode waits for it). */
  finished: Promise<FinishedAnswer | null>;
}

/**
 * The getStream flow: checks (content policy, prompt length, model, plan and points), the
 * history, the context, the points hold, then the conversation turn and a job that runs without
 * the connection — a refusal writes nothing.
 */
export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  async start(userId: string, body: StreamRequestBody): Promise<StartedGeneration> {
    const { deps } = this;
    const systemPrompt = body.systemPrompt ?? '';
    if (systemPrompt.length > CHAT_LIMITS.systemPromptMax) throw chatError('systemPromptTooLong');
    if (deps.policy.violation(body.request) || deps.policy.violation(systemPrompt)) throw chatError('bannedContent');
    const model = deps.prices.priced(body.model);
    if (!model) throw new AppError(400, '未知的模型');
    if (new Set(body.mcps ?? []).size > EXTENSION_LIMITS.selectedMax) throw new AppError(400, `一次最多选择 ${EXTENSION_LIMITS.selectedMax} 个扩展`);
    let identity: AnswerIdentity | undefined;
    for (const contributor of deps.contributors) identity = (await contributor.check?.({ userId, body })) ?? identity;
    const facts = answerFacts(deps, body.model, identity);
    if (!facts) throw new AppError(400, '未知的模型');
    const webSearch = searchRequested(body, facts, this.deps.webSearch !== undefined);

    // Refuse before anything is written when the plan excludes the model or the points cannot
    // cover even the message alone; the exact hold (with history) comes before the turn is written.
    const quote = await deps.points.quote(userId, body.model, { webSearch, promptChars: body.request.length + systemPrompt.length });
    if (!quote.allowed) throw new AppError(quote.reasonCode ?? POINTS_CODES.insufficient, quote.reason ?? '');

    // A full instance refuses before the turn and the hold are written.
    const slot = deps.jobs.reserve();
    if (!slot) throw chatError('serverBusy');
    try {
      return await this.startInSlot(slot, userId, body, { model, facts, answeredBy: identity?.answeredBy ?? body.model });
    } catch (error) {
      slot.release();
      throw error;
    }
  }

  private async startInSlot(slot: JobSlot, userId: string, body: StreamRequestBody, checked: CheckedRequest): Promise<StartedGeneration> {
    const { deps } = this;
    const { model, facts, answeredBy } = checked;
    // The answer's id is the job's: the hold is taken under it before the turn is written.
    const jobId = randomUUID();
    const input: TurnInput = {
      convGroupId: body.convGroupId,
      parentConvId: body.parentConvId,
      request: body.request,
      model: body.model,
      modelName: facts.name ?? (body.modelName || body.model),
      gptsId: body.intelligentCode,
      knowledgeId: body.knowledgeId,
      knowledgeName: null,
      icon: facts.icon,
      assistantNodeId: jobId,
    };
    // The exact hold (with history) is taken before the turn is written: a refusal (602 when
    // concurrent sends spent the points the quote saw) leaves no conversation behind.
    const history = await deps.conversations.previewTurn(userId, input, memoryRounds(body)).catch(reloadOnStaleParent);
    const context = await buildContext({ userId, body }, history, deps.contributors, { vision: facts.vision, uploadedImages: deps.uploadedImages });
    // A plug-in agent carrying 联网搜索 searches as the switch would.
    const webSearch = searchRequested(body, facts, deps.webSearch !== undefined) || (context.extensions.includes(WEB_SEARCH_EXTENSION.mcpName) && facts.searchAvailable);
    // With a provider the gateway searches; without one the offline model imitates it (request.webSearch).
    const realSearch = webSearch && deps.webSearch !== undefined;
    const extensions = await this.extensionsOf(userId, body, context.extensions.filter((name) => name !== WEB_SEARCH_EXTENSION.mcpName));
    await deps.points.hold(userId, jobId, body.model, {
      webSearch,
      // With extensions the prompt goes up again with the calls' results: the hold covers two rounds.
      promptChars: extensions ? context.promptChars * 2 + EXTENSION_RESULT_CHARS : context.promptChars,
      extensionPoints: extensions?.feeAllowance ?? 0,
    });
    let turn: Turn;
    try {
      turn = await deps.conversations.startTurn(userId, { ...input, knowledgeName: context.knowledge?.title ?? null }).catch(reloadOnStaleParent);
    } catch (error) {
      await deps.points.refund(jobId).catch(() => undefined);
      throw error;
    }
    const ids: ChunkIds = { convId: jobId, convGroupId: turn.group.convGroupId, parentConvId: turn.userNode.id };
    await deps.recovery.register(jobId, userId);
    await this.announceStart({ userId, body }, { convGroupId: ids.convGroupId, newConversation: !body.convGroupId });

    let finished: FinishedAnswer | null = null;
    const plan = {
      ids,
      title: turn.group.title,
      createTime: turn.createTime,
      model: body.model,
      answeredBy,
      price: model.price,
      followUps: body.stream !== false,
      searchRequested: webSearch,
      references: context.references,
      ...(extensions ? { extensions } : {}),
      ...(realSearch ? { webSearch: { query: searchQueryOf(body.request) } } : {}),
      request: {
        model: answeredBy,
        catalogueModel: answeredBy,
        messages: context.messages,
        think: facts.think,
        webSearch: facts.web || (webSearch && !realSearch),
        maxOutputTokens: deps.maxOutputTokens,
        ...(context.persona ? { persona: context.persona } : {}),
        ...(context.knowledge ? { knowledge: context.knowledge } : {}),
      },
    };
    const unregister = () => deps.recovery.unregister(jobId).catch((error: Error) => deps.log.warn({ err: error, jobId }, 'removing the job row failed'));
    let done: Promise<void>;
    try {
      ({ done } = await deps.jobs.start(jobId, { userId, convGroupId: ids.convGroupId }, async (job) => {
        finished = await runGeneration(job, plan, deps);
        return finished.status;
      }, slot));
      // The job's row goes once its log has ended (the job never rejects): its readers get the end
      // without waiting on this write; a crash in between finds an answer already saved.
      void done.then(unregister);
    } catch (error) {
      // The job could not start (its shared log is unreachable): nothing stays held or generating.
      await deps.points.refund(jobId).catch(() => undefined);
      await deps.conversations.finishAnswer(jobId, failedAnswer(CHAT_CODES.generationFailed.msg)).catch(() => undefined);
      await unregister();
      throw error;
    }
    return { ids, title: turn.group.title, finished: done.then(() => finished) };
  }

  /**
   * The extensions the message may use — the user's selection and a plug-in agent's own — and the
   * points set aside for their calls: the dearest one's price for as many calls as an answer may
   * make. None without a tool source or names.
   */
  private async extensionsOf(userId: string, body: StreamRequestBody, fromContributors: readonly string[]): Promise<GenerationPlan['extensions']> {
    const names = [...new Set([...(body.mcps ?? []), ...fromContributors])];
    if (!this.deps.tools || names.length === 0) return undefined;
    const priced = await this.deps.tools.priced(names);
    const dearest = Math.max(0, ...priced.map((extension) => extension.pricePerCall));
    return { names, caller: { userId }, feeAllowance: dearest * TOOL_LOOP_LIMITS.calls };
  }

  /** Tells the contributors the turn is written (an agent counts a new conversation); never refuses the message. */
  private async announceStart(request: ContextRequest, turn: { convGroupId: string; newConversation: boolean }): Promise<void> {
    for (const contributor of this.deps.contributors) {
      await contributor.started?.(request, turn).catch((error: Error) => this.deps.log.warn({ err: error, contributor: contributor.name }, 'contributor start hook failed'));
    }
  }
}

type ModelFacts = NonNullable<ReturnType<ChatServiceDeps['modelFacts']>>;

/** What the checks found out about a request. */
interface CheckedRequest {
  model: PricedModel;
  facts: ModelFacts & { name?: string };
  /** The catalogue model whose channels answer. */
  answeredBy: string;
}

/** The facts of the model that answers; a contributor's identity (an agent) names the model and gives the conversation its name and icon. */
function answerFacts(deps: ChatServiceDeps, model: string, identity: AnswerIdentity | undefined): CheckedRequest['facts'] | undefined {
  if (!identity) return deps.modelFacts(model);
  const facts = deps.modelFacts(identity.answeredBy);
  return facts && { ...facts, icon: identity.icon, name: identity.name };
}

/**
 * The 联网搜索 switch — or, with a search provider, a message starting with 搜索 (spec chat §5) —
 * counts only where a search can run: elsewhere it is ignored, neither reserved nor charged.
 */
function searchRequested(body: StreamRequestBody, facts: CheckedRequest['facts'], providerConfigured: boolean): boolean {
  return (body.search === true || (providerConfigured && startsWithSearch(body.request))) && facts.searchAvailable;
}

function failedAnswer(error: string): FinishedAnswer {
  return { content: '', reasoning: '', references: [], followUps: [], toolCalls: [], status: 'failed', error, offlineDemo: false, usage: null };
}
