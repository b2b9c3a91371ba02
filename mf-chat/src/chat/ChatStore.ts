import { computedStruct, makeAutoObservable, observable, observableRef, runInAction } from 'mobx';
import { BRANCH_PAGE, CHAT_CODES, type AgentApp, type ConversationBranch, type ConversationMessage, type McpInfo, type ModelOption, type StreamRequestBody, type UploadResult } from '@qiming/sdk/contracts';
import { ApiError, buildStreamBody, type CompletedAnswer, type StreamHandlers, type StreamOutcome } from '@qiming/sdk';
import { withEarlier, withEnd, withVersion, type BranchMessage } from './branch';
import { messageNode, newestAt, placeAfter, withCompletedTurn, withFollowUps, type TurnFacts } from './savedTurn';
import type { UrlChange } from './conversationUrl';
import type { EarlyBranch } from './earlyConversation';
import type { BranchPageQuery } from '../history/conversationsApi';
import { t } from '../i18n';
import { hongCodeOf } from '../roleplay/hongGame';
import { isProgressLine, PROGRESS_STEP_MS, reduceLive, startLive, type LiveAnswer, type LiveEvent, type LiveIds } from './liveAnswer';
import { StreamBuffer } from './streamBuffer';
import type { SelectedKnowledge } from '../knowledge/selectedKnowledge';
import { planOutcome, type Notice } from './streamOutcome';
import { ExtensionSelection } from '../extensions/ExtensionSelection';
import { extensionsInUse, type ExtensionsInUse } from '../extensions/inUse';
import { storedSelections, type SelectionMemory } from '../extensions/selectionMemory';

/** The calls the store makes (the SDK chat client and the history calls). */
export interface ChatStoreDeps {
  send(body: Omit<StreamRequestBody, 'stream'>, handlers: StreamHandlers, signal: AbortSignal): Promise<StreamOutcome>;
  resume(convId: string, handlers: StreamHandlers, after: number, signal: AbortSignal): Promise<StreamOutcome>;
  isRunning(convId: string): Promise<boolean>;
  stop(convId: string): Promise<unknown>;
  /** A page of a conversation's branch; `silent` when the store says itself what a failure means. */
  branch(convGroupId: string, page?: BranchPageQuery, silent?: boolean): Promise<ConversationBranch>;
  /** The conversation's last page when it was already asked for (arriving on its URL), once; else null. */
  earlyBranch?(convGroupId: string): EarlyBranch | null;
  selectBranch(convId: string): Promise<unknown>;
  /** Puts the conversation shown (null: a new chat) in the page's URL, as a new history entry (`push`) or in place of the current one. */
  showInUrl(convGroupId: string | null, change: UrlChange): void;
  /** Refreshes the session after a 401; false when there is no refresh token or it failed. */
  refreshSession(): Promise<boolean>;
  warn(message: string): void;
  /** The pay dialog, when the user asks for it (the integralNotEnough entry's 充值). */
  openPay(): void;
  /** Whether a user is signed in (the SDK session). */
  isSignedIn(): boolean;
  /** Keeps text the user could not send under beforeInputText; the chat page puts it back after login. */
  keepUnsent(text: string): void;
  /** Goes to the login page (the shell remembers this page under beforeUrl). */
  goToLogin(): void;
  /** A conversation's title appeared or changed (the history list adds it); `gptsId` is its agent or scene code. */
  onConversation(convGroupId: string, title: string, gptsId: string | null): void;
  settings(): { systemPrompt: string; recentChatLen: number };
  /** The extensions the server offers (getMcpInfo); null until known — nothing chosen is shown or sent meanwhile. */
  offeredExtensions?(): readonly McpInfo[] | null;
  /** Where each conversation's extensions are remembered (local storage by default). */
  extensionMemory?: SelectionMemory;
  /** Streamed text is rendered at most this often (spec chat §4: 100 ms); 0 renders every piece. */
  renderEveryMs?: number;
}

/** spec chat §4 and §9: the stream render throttle. */
export const STREAM_RENDER_MS = 100;

const WAIT_STEP_KEYS = ['progress.connecting', 'progress.understanding', 'progress.composing', 'progress.stillGenerating'] as const;

/** The waiting steps' texts, in order. */
function waitSteps(): string[] {
  return WAIT_STEP_KEYS.map((key) => t(key));
}

const REGENERATE_COOLDOWN_MS = 500;

/** Keys of the rows of a turn shown before the stream names their nodes (its first chunk does). */
const unnamedKeys = (turn: { startedAt: number }) => ({ question: `live-question-${turn.startedAt}`, answer: `live-answer-${turn.startedAt}` });

/** One row of the message list: a saved message, or the question and answer being generated. */
export interface MessageRow {
  /**
   * The key the row was first shown under: its node's id, or the turn's own key when the turn was
   * shown before the stream named it. A row keeps it when the node is named and when it is saved,
   * so what it shows (drawn blocks, 显示全部) is not drawn again.
   */
  key: string;
  message: BranchMessage;
  /** The answer being generated: its content is the live answer's. */
  live: boolean;
}

/** What the messages of a turn are saved with besides their ids, content and time: the model, agent and base it was sent with. */
type SentWith = Omit<TurnFacts, 'convGroupId' | 'createTime'>;

/** One stream (a send, a regenerate or a resume). Its answer is live until the chunk completing it; the stream may go on with follow-ups. */
interface Generation {
  controller: AbortController;
  facts: SentWith;
  /** The answer saved here when it completed, by id: later follow-ups go to it. */
  savedAnswerId: string | null;
}

/**
 * The turn a stream adds: a new question (null: an answer again) after `ids.follows`, sent with
 * `facts` (those chosen now when absent); `shown`, the live answer of a dropped stream whose rest
 * the stream brings.
 */
interface Turn {
  question: string | null;
  ids: LiveIds;
  facts?: SentWith;
  shown?: LiveAnswer;
}


/** What a saved node was sent with (a resumed answer is saved with its own). */
const sentWith = ({ gptsId, model, modelName, knowledgeId, knowledgeName }: ConversationMessage): SentWith => ({ gptsId, model, modelName, knowledgeId, knowledgeName });

/**
 * One chat page's state (spec chat §4): the saved conversation (the server's branch is the truth,
 * read a page at a time; an answer that completes is saved into the pages shown as the server saved
 * it, and the branch's end is read again when a stream ends otherwise), the answer being streamed on
 * top of it, the cancel codes, and which conversation the page's URL names.
 */
export class ChatStore {
  model: string;
  webSearch = false;
  /** Models whose 联网搜索 switch can run (the catalogue's webSearchAvailable); none until it loads. */
  private webSearchModels: ReadonlySet<string> = new Set();
  /** Files uploaded in this conversation (chips under the input). */
  files: UploadResult[] = [];
  /** The answer just streamed here: shown whole when saved, as it was read (not cut at 2000 characters). */
  lastStreamedId: string | null = null;
  /** The text in the input (a prompt template or the text kept from before login lands here too). */
  draft = '';
  /** The agent chosen (banner above the input): its code is the model and `intelligentCode` sent. */
  agent: AgentApp | null = null;
  /** The knowledge base chosen (banner above the input): sent as `knowledgeId` while selected, beside an agent or a model. */
  knowledge: SelectedKnowledge | null = null;
  /** The extensions chosen for the conversation shown (chips above the input), remembered per conversation. */
  readonly extensions: ExtensionSelection;
  /** The model to go back to when the agent is removed. */
  private modelBeforeAgent: string | null = null;
  /** The role-play scene a new conversation plays (哄哄模拟器); a saved one keeps its own. */
  private newHongCode: string | null = null;
  /** The pages of the branch shown read so far; replaced whole, never changed in place (nor made deeply observable). */
  conversation: ConversationBranch | null = null;
  /**
   * The conversation the page's URL names: set as soon as one is opened (before it loads) or a new
   * chat's first answer names its conversation; null for a new chat.
   */
  routeGroupId: string | null = null;
  /** The messages above the first one shown are being read. */
  loadingEarlier = false;
  /** Replaced whole by the reducer on every change (`liveAnswer.ts`). */
  live: LiveAnswer | null = null;
  /** Node id → the turn's own key its row was shown under before the stream named the node. */
  private readonly rowKeyOfNode = new Map<string, string>();
  notice: Notice = null;
  loadingHistory = false;
  /** The stream whose answer is live (null once it completed, or when idle). */
  private generation: Generation | null = null;
  /** Streams still open, the live one and completed ones waiting for follow-ups (closed when the page is left). */
  private readonly openStreams = new Set<Generation>();
  private progressTimer: ReturnType<typeof setInterval> | null = null;
  private buffer: StreamBuffer | null = null;
  private lastRegenerate = 0;
  /** The group id of a new conversation, known from the stream before its branch is read. */
  private pendingGroupId: string | null = null;
  /** Counts the conversations asked for: an answer for an earlier one arriving late is dropped. */
  private openTicket = 0;
  private earlierRequest: Promise<boolean> | null = null;

  constructor(
    private readonly deps: ChatStoreDeps,
    model: string,
  ) {
    this.model = model;
    this.extensions = new ExtensionSelection(deps.extensionMemory ?? storedSelections());
    makeAutoObservable<this, 'deps' | 'generation' | 'openStreams' | 'progressTimer' | 'buffer' | 'lastRegenerate' | 'pendingGroupId' | 'newHongCode' | 'modelBeforeAgent' | 'openTicket' | 'earlierRequest' | 'liveTurn'>(this, {
      deps: false,
      extensions: false,
      generation: observableRef,
      openStreams: false,
      progressTimer: false,
      buffer: false,
      lastRegenerate: false,
      pendingGroupId: false,
      openTicket: false,
      earlierRequest: false,
      newHongCode: observable,
      modelBeforeAgent: false,
      conversation: observableRef,
      live: observableRef,
      agent: observableRef,
      knowledge: observableRef,
      // Equal while the live answer only grows: the rows change when a turn starts, is named or ends, not per chunk.
      liveTurn: computedStruct,
    });
  }

  get convGroupId(): string | null {
    return this.conversation?.group.convGroupId ?? null;
  }

  get messages(): BranchMessage[] {
    return this.conversation?.messages ?? [];
  }

  /** Messages above the first one shown exist (read as the user scrolls up). */
  get hasEarlier(): boolean {
    return this.conversation?.hasEarlier ?? false;
  }

  /** The role-play scene of the conversation shown: a saved conversation's own, else the one chosen for a new one. */
  get hongCode(): string | null {
    return this.conversation ? hongCodeOf(this.conversation.group.gptsId) : this.newHongCode;
  }

  /** The agent or role-play scene code the conversation is held with (its group's gptsId on the server). */
  get conversationCode(): string | null {
    return this.hongCode ?? this.agent?.code ?? null;
  }

  get busy(): boolean {
    return this.live !== null;
  }

  /** What identifies the turn being generated (not its text). */
  private get liveTurn() {
    const live = this.live;
    return live && { question: live.question, questionId: live.questionId, convId: live.convId, follows: live.follows, startedAt: live.startedAt };
  }

  /**
   * The message list: the branch shown and, while an answer is generated, its turn — after the
   * node it follows (a regenerated answer or an edited question takes the place of what came after).
   * Each row is keyed by its node's id, which the stream names at once: when the answer completes
   * and is saved, its row stays the same and what it shows is not drawn again.
   */
  get rows(): MessageRow[] {
    const saved = this.messages;
    const turn = this.liveTurn;
    const generation = this.generation;
    const savedRow = (message: BranchMessage): MessageRow => ({ key: this.rowKey(message.node.convId), message, live: false });
    if (!turn || !generation) return saved.map(savedRow);
    const at = turn.follows === null ? -1 : saved.findIndex((m) => m.node.convId === turn.follows);
    const kept = turn.follows === null ? [] : at >= 0 ? saved.slice(0, at + 1) : saved;
    const facts: TurnFacts = { ...generation.facts, convGroupId: this.convGroupId ?? '', createTime: new Date(turn.startedAt).toISOString() };
    const rows = kept.map(savedRow);
    let answered = turn.follows;
    if (turn.question !== null) {
      const key = turn.questionId === null ? unnamedKeys(turn).question : this.rowKey(turn.questionId);
      const node = messageNode(key, turn.follows, { role: 'user', content: turn.question }, facts);
      // The newest of its versions: after the one shown in its place (an edit), else the first.
      const place = this.conversation ? placeAfter(this.conversation, turn.follows) : 0;
      const versions = (place >= 0 ? (saved[place]?.chatLen ?? 0) : 0) + 1;
      const message = (place >= 0 && newestAt(saved, place, node)) || { node, curIndex: versions, chatLen: versions, previousVersion: null, nextVersion: null };
      rows.push({ key, message, live: false });
      answered = turn.questionId;
    }
    const key = turn.convId === null ? unnamedKeys(turn).answer : this.rowKey(turn.convId);
    rows.push({ key, message: { node: messageNode(key, answered, { role: 'assistant', content: '' }, facts, 'generating'), curIndex: 1, chatLen: 1, previousVersion: null, nextVersion: null }, live: true });
    return rows;
  }

  /**
   * The extensions the next message uses: the agent's own (enabled by the server) and the ones
   * chosen for this conversation; none in role-play.
   */
  get extensionsInUse(): ExtensionsInUse {
    if (this.hongCode) return { fixed: [], chosen: [] };
    return extensionsInUse(this.extensions.names, this.deps.offeredExtensions?.() ?? null, this.agent?.mcps ?? []);
  }

  /** A chip's ×: the extensions in use without it (a name no longer offered goes too). */
  removeExtension(mcpName: string): void {
    this.extensions.set(this.extensionsInUse.chosen.map((info) => info.mcpName).filter((name) => name !== mcpName));
  }

  /** When the answer being generated started (null when idle): changes once per generation, not per chunk. */
  get liveStartedAt(): number | null {
    return this.live?.startedAt ?? null;
  }

  /** Another model chosen: an agent selected before is dropped (its code is no longer the model). */
  setModel(model: string): void {
    if (this.agent && model !== this.agent.code) {
      this.agent = null;
      this.modelBeforeAgent = null;
    }
    this.model = model;
  }

  /** Talks to `app` from now on; removing it (`clearAgent`) returns to the model used before. */
  selectAgent(app: AgentApp): void {
    if (!this.agent) this.modelBeforeAgent = this.model;
    this.agent = app;
    this.model = app.code;
  }

  /** The banner's ×: back to the model chosen before the agent. */
  clearAgent(): void {
    if (!this.agent) return;
    this.model = this.modelBeforeAgent ?? this.model;
    this.agent = null;
    this.modelBeforeAgent = null;
  }

  /** Answers from now on draw on this knowledge base; the model (or agent) stays. */
  selectKnowledge(knowledge: SelectedKnowledge): void {
    this.knowledge = { id: knowledge.id, title: knowledge.title };
  }

  /** The banner's ×, or a base that turned out not to exist. */
  clearKnowledge(): void {
    this.knowledge = null;
  }

  setDraft(text: string): void {
    this.draft = text;
  }

  setWebSearch(on: boolean): void {
    this.webSearch = on;
  }

  /** The catalogue arrived: which models can take the 联网搜索 switch. */
  setModelOptions(options: readonly Pick<ModelOption, 'value' | 'webSearchAvailable'>[]): void {
    this.webSearchModels = new Set(options.filter((o) => o.webSearchAvailable).map((o) => o.value));
  }

  /** 联网搜索 can run for the current model (no search provider serves real channels yet). */
  get canWebSearch(): boolean {
    return this.webSearchModels.has(this.model);
  }

  /** A parsed upload: sent with every message of this conversation until removed. */
  attachFile(file: UploadResult): void {
    this.files.push(file);
  }

  removeFile(index: number): void {
    this.files.splice(index, 1);
  }

  /** A new, empty conversation (role-play in `hongCode`'s scene, else plain); refused while an answer is being generated. The URL drops the conversation. */
  newChat(hongCode: string | null = null): boolean {
    if (this.busy) {
      this.deps.warn(t('chat.waitBeforeNewChat'));
      return false;
    }
    const leaving = this.routeGroupId !== null;
    this.clear(hongCode);
    if (leaving) this.deps.showInUrl(null, 'push');
    return true;
  }

  /**
   * Opens a saved conversation from the history (a new URL, so back / forward move between
   * conversations); a still running answer is resumed (hot stream). Refused while generating.
   */
  async openFromHistory(convGroupId: string): Promise<boolean> {
    if (this.busy) {
      this.deps.warn(t('chat.waitBeforeHistory'));
      return false;
    }
    const change: UrlChange = convGroupId === this.routeGroupId ? 'replace' : 'push';
    this.routeGroupId = convGroupId;
    this.deps.showInUrl(convGroupId, change);
    return this.load(convGroupId);
  }

  /**
   * The page's URL names `convGroupId` (null: none) — a reload, back / forward, a pasted link:
   * shows that conversation without changing the URL. Signed out, it waits for login (the URL is
   * kept, so the login page brings the user back to it). While an answer is generated nothing
   * changes and the URL goes back to that conversation. True when a conversation was opened.
   */
  async followUrl(convGroupId: string | null): Promise<boolean> {
    if (convGroupId === this.routeGroupId) return false;
    if (this.busy) {
      this.deps.warn(t(convGroupId === null ? 'chat.waitBeforeNewChat' : 'chat.waitBeforeHistory'));
      this.deps.showInUrl(this.routeGroupId, 'replace');
      return false;
    }
    if (convGroupId === null) {
      this.clear(null);
      return false;
    }
    if (!this.deps.isSignedIn()) {
      this.clear(null);
      this.routeGroupId = convGroupId;
      this.notice = { kind: 'signInToOpen' };
      return false;
    }
    return this.load(convGroupId);
  }

  /** A conversation was deleted: when it is the one shown, its answer stops, a new chat takes its place and the URL forgets it. */
  conversationDeleted(convGroupId: string): void {
    if (convGroupId !== this.routeGroupId) return;
    if (this.busy) void this.stop();
    this.clear(null);
    this.deps.showInUrl(null, 'replace');
  }

  /** Reads the messages above the first one shown; false when there are none or they could not be read. */
  loadEarlier(beforeShown?: () => void, limit?: number): Promise<boolean> {
    this.earlierRequest ??= this.readEarlier(beforeShown, limit).finally(() => (this.earlierRequest = null));
    return this.earlierRequest;
  }

  /** Reads every page above the one shown (the export shows the whole branch). */
  async loadWholeBranch(): Promise<void> {
    while (this.hasEarlier && (await this.loadEarlier(undefined, BRANCH_PAGE.max)));
  }

  private async readEarlier(beforeShown: (() => void) | undefined, limit: number | undefined): Promise<boolean> {
    const shown = this.conversation;
    const first = shown?.messages[0]?.node.convId;
    if (!shown || !shown.hasEarlier || !first) return false;
    this.loadingEarlier = true;
    try {
      const earlier = await this.deps.branch(shown.group.convGroupId, { before: first, ...(limit ? { limit } : {}) });
      // Shown only above the same first message of the same conversation (it may have changed meanwhile).
      const current = this.conversation;
      if (!current || current.group.convGroupId !== shown.group.convGroupId || current.messages[0]?.node.convId !== first) return false;
      beforeShown?.();
      runInAction(() => (this.conversation = withEarlier(current, earlier)));
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.loadingEarlier = false));
    }
  }

  /** Reads and shows the end of a conversation the URL now names. */
  private async load(convGroupId: string): Promise<boolean> {
    const ticket = ++this.openTicket;
    this.routeGroupId = convGroupId;
    this.extensions.show(convGroupId);
    this.loadingHistory = true;
    this.notice = null;
    const early = this.deps.earlyBranch?.(convGroupId);
    let page: ConversationBranch;
    if (early?.arrived) {
      // Already here: shown in this very update (before the page's first paint when the URL opened it).
      page = early.arrived;
    } else {
      try {
        page = await (early?.page ?? this.deps.branch(convGroupId, {}, true));
      } catch (error) {
        if (ticket === this.openTicket) runInAction(() => this.loadFailed(error));
        return false;
      }
    }
    if (ticket !== this.openTicket) return false;
    runInAction(() => {
      this.conversation = page;
      this.files = [];
      this.loadingHistory = false;
    });
    const [question, last] = [this.messages.at(-2)?.node, this.messages.at(-1)?.node];
    if (last && last.chatContent[0]?.role === 'assistant' && last.status === 'generating' && (await this.deps.isRunning(last.convId))) {
      await this.resume(last.convId, 0, { question: null, ids: { follows: question?.convId ?? last.parentConvId }, facts: sentWith(last) });
    }
    return true;
  }

  /** spec chat §8 "History load failure"; a conversation that is not there (or not the user's) leaves a new chat with a notice and no URL. */
  private loadFailed(error: unknown): void {
    this.loadingHistory = false;
    if (error instanceof ApiError && error.code === CHAT_CODES.conversationNotFound.code) {
      this.clear(null);
      this.notice = { kind: 'conversationMissing' };
      this.deps.showInUrl(null, 'replace');
      return;
    }
    const expired = error instanceof ApiError && error.code === 401;
    this.deps.warn(expired ? t('chat.historyExpired') : t('chat.historyFailed', { message: error instanceof Error ? error.message : String(error) }));
  }

  /** Nothing shown: a new chat (role-play in `hongCode`'s scene, else plain), no conversation in the URL. */
  private clear(hongCode: string | null): void {
    this.openTicket += 1;
    this.conversation = null;
    this.routeGroupId = null;
    this.pendingGroupId = null;
    this.loadingHistory = false;
    this.notice = null;
    this.newHongCode = hongCode;
    this.extensions.show(null);
    if (hongCode) {
      this.clearAgent();
      this.clearKnowledge();
    }
    this.files = [];
  }

  /**
   * Signed out, nothing is sent (spec chat §5, §6): the noLogin entry with its login link shows and
   * the unsent text is kept for after login. True when signed in.
   */
  allowSend(text: string): boolean {
    if (this.deps.isSignedIn()) return true;
    this.notice = { kind: 'noLogin' };
    if (text.trim()) this.deps.keepUnsent(text);
    return false;
  }

  /** The integralNotEnough entry's 充值: the pay dialog, on the user's click only. */
  topUp(): void {
    this.deps.openPay();
  }

  /** /chatPage/g-<code> (?model=, a history item) named an agent that does not exist: say so above the default model's welcome. */
  agentMissing(code: string): void {
    this.clearAgent();
    this.notice = { kind: 'agentMissing', code };
    this.deps.warn(t('chat.agentMissing'));
  }

  /** The noLogin entry's login link. */
  goToLogin(): void {
    this.deps.goToLogin();
  }

  /** Sends a message after the last one shown. Ignored while an answer loads; empty text is not sent. */
  async send(text: string): Promise<void> {
    const question = text.trim();
    if (!question || this.busy) return;
    const parent = this.messages.at(-1)?.node ?? null;
    await this.generate(question, parent && parent.chatContent[0]?.role === 'assistant' ? parent.convId : null);
  }

  /** A new version of the last answer (500 ms cooldown; only when idle). */
  async regenerate(): Promise<void> {
    if (this.busy || Date.now() - this.lastRegenerate < REGENERATE_COOLDOWN_MS) return;
    this.lastRegenerate = Date.now();
    const messages = this.messages;
    const last = messages.at(-1)?.node;
    const question = last?.chatContent[0]?.role === 'assistant' ? messages.at(-2)?.node : last;
    if (!question) return;
    await this.generate(null, question.convId);
  }

  /** Resubmits an edited question: a new branch beside the old one. */
  async edit(convId: string, text: string): Promise<void> {
    const question = text.trim();
    if (!question || this.busy) return;
    const index = this.messages.findIndex((m) => m.node.convId === convId);
    if (index < 0) return;
    await this.generate(question, this.messages[index - 1]?.node.convId ?? null);
  }

  /**
   * Shows the previous (−1) or next (+1) version of a message and the branch below it, read from
   * the server (`from=`) while the server remembers the choice; both are done before it shows, so
   * a reload right after shows the same.
   */
  async switchVersion(convId: string, step: -1 | 1): Promise<void> {
    const shown = this.conversation;
    if (!shown || this.busy) return;
    const index = shown.messages.findIndex((m) => m.node.convId === convId);
    const target = step < 0 ? shown.messages[index]?.previousVersion : shown.messages[index]?.nextVersion;
    if (!target) return;
    const [continued] = await Promise.all([this.deps.branch(shown.group.convGroupId, { from: target }), this.deps.selectBranch(target).catch(() => undefined)]);
    runInAction(() => {
      if (this.conversation === shown && !this.busy) this.conversation = withVersion(shown, index, target, continued);
    });
  }

  /**
   * Leaving the page: the streams are dropped here but a generation goes on on the server, and
   * opening the conversation again resumes it (hot stream).
   */
  dispose(): void {
    this.endLive(false);
    for (const generation of this.openStreams) generation.controller.abort();
  }

  /** Stops the answer being generated: the stream is dropped and the server told (spec chat §4 "Stop"). */
  async stop(): Promise<void> {
    const live = this.live;
    if (!live || !this.generation) return;
    this.generation.controller.abort();
    if (live.convId) await this.deps.stop(live.convId).catch(() => undefined);
  }

  /**
   * One generation: `question` null regenerates the answer to `parentConvId` (a question);
   * otherwise a new question after `parentConvId` (an answer, or null at the start).
   */
  private async generate(question: string | null, parentConvId: string | null, retried = false): Promise<void> {
    this.notice = null;
    const generation = this.startGeneration({ question, ids: { follows: parentConvId } });
    const { systemPrompt, recentChatLen } = this.deps.settings();
    // An agent's code is its model and intelligentCode; the server answers with the agent's own model and prompt.
    const intelligentCode = this.conversationCode;
    const body: StreamRequestBody = buildStreamBody({
      recentChatLen,
      model: this.model,
      search: this.webSearch && this.canWebSearch && this.hongCode === null,
      convGroupId: this.convGroupId,
      parentConvId,
      request: question ?? '',
      useContext: true,
      modelName: this.model,
      // Role-play and agents bring their own instructions; the user's system prompt would fight them.
      systemPrompt: intelligentCode ? '' : systemPrompt,
      useHong: this.hongCode !== null,
      knowledgeId: this.knowledge?.id ?? null,
      intelligentCode,
      uploadedFiles: this.files.map((file) => ({ knowledgeId: file.knowledgeId, fileContent: file.fileContent, url: file.url, name: file.name, nameFromFront: file.name })),
      // The agent's own extensions are enabled by the server: only the ones chosen besides them.
      mcps: this.extensionsInUse.chosen,
    });
    const outcome = await this.deps.send(body, this.handlers(generation), generation.controller.signal);
    await this.finish(generation, outcome, async () => this.generate(question, parentConvId, true), retried, question);
  }

  /** Follows the running answer `convId` again, from the chunk after `after`: the rest of `turn` (a dropped stream's, or a saved one's). */
  private async resume(convId: string, after: number, turn: Turn): Promise<void> {
    const generation = this.startGeneration({ ...turn, ids: { ...turn.ids, convId } });
    const outcome = await this.deps.resume(convId, this.handlers(generation), after, generation.controller.signal);
    await this.finish(generation, outcome, async () => undefined, true, null);
  }

  /** A new stream whose answer is live. */
  private startGeneration({ question, ids, facts, shown }: Turn): Generation {
    const sent = facts ?? { gptsId: this.conversationCode, model: this.model, modelName: this.agent?.appName ?? this.model, knowledgeId: this.knowledge?.id ?? null, knowledgeName: this.knowledge?.title ?? null };
    const generation: Generation = { controller: new AbortController(), facts: sent, savedAnswerId: null };
    this.openStreams.add(generation);
    this.generation = generation;
    this.showLive(shown ? { ...shown, convId: ids.convId ?? shown.convId } : startLive(question, waitSteps()[0]!, Date.now(), ids));
    return generation;
  }

  /** Shows a live answer and advances its waiting steps every 16 s until content arrives. */
  private showLive(live: LiveAnswer): void {
    this.live = live;
    this.stopProgressTimer();
    this.buffer = new StreamBuffer(this.deps.renderEveryMs ?? STREAM_RENDER_MS, (pieces) => this.applyLive({ type: 'pieces', ...pieces, now: Date.now() }));
    this.progressTimer = setInterval(() => this.applyLive({ type: 'waitTick', waitSteps: waitSteps(), now: Date.now() }), PROGRESS_STEP_MS);
  }

  private rowKey(nodeId: string): string {
    return this.rowKeyOfNode.get(nodeId) ?? nodeId;
  }

  private applyLive(event: LiveEvent): void {
    if (!this.live) return;
    if (event.type === 'ids') this.keepRowKeys(this.live, event);
    this.live = reduceLive(this.live, event);
  }

  /** The stream names the turn's nodes: their rows keep the keys they were shown under. */
  private keepRowKeys(live: LiveAnswer, ids: { convId: string; questionId: string | null }): void {
    const unnamed = unnamedKeys(live);
    if (live.convId === null) this.rowKeyOfNode.set(ids.convId, unnamed.answer);
    if (live.question !== null && live.questionId === null && ids.questionId !== null) this.rowKeyOfNode.set(ids.questionId, unnamed.question);
  }

  private stopProgressTimer(): void {
    if (this.progressTimer) clearInterval(this.progressTimer);
    this.progressTimer = null;
  }

  /** The stream ended: what is buffered is shown (`keep`) or dropped, and the timers stop. */
  private endLive(keep: boolean): void {
    this.stopProgressTimer();
    if (keep) this.buffer?.flush();
    else this.buffer?.cancel();
    this.buffer = null;
  }

  /** The stream's events, for its live answer while it is live; follow-ups after it go to the saved answer. */
  private handlers(generation: Generation): StreamHandlers {
    const live = () => this.generation === generation;
    return {
      onIds: (ids) =>
        live() &&
        runInAction(() => {
          if (ids.convId) this.applyLive({ type: 'ids', convId: ids.convId, questionId: ids.parentConvId ?? null });
          if (ids.convGroupId && !this.conversation) this.adoptGroup(ids.convGroupId);
        }),
      onPing: (text) => live() && this.applyLive({ type: 'ping', waitText: text }),
      onReasoning: (text) => live() && this.buffer?.add('reasoning', text),
      onDelta: (content) => {
        if (!live()) return;
        if (!isProgressLine(content)) return this.buffer?.add('text', content);
        this.buffer?.flush();
        this.applyLive({ type: 'progress', line: content, now: Date.now() });
      },
      onReferences: (list) => live() && this.applyLive({ type: 'references', list }),
      onToolCalls: (list) => live() && this.applyLive({ type: 'toolCalls', list, now: Date.now() }),
      onFollowUps: (list) => {
        if (live()) this.applyLive({ type: 'followUps', list });
        else if (generation.savedAnswerId) this.showFollowUps(generation.savedAnswerId, list);
      },
      onAnswerComplete: (answer) => live() && this.complete(generation, answer),
    };
  }

  /** A new chat's first answer named its conversation: from now on the URL names it too (in place: the new chat was that page). */
  private adoptGroup(convGroupId: string): void {
    this.pendingGroupId = convGroupId;
    this.extensions.adopt(convGroupId);
    if (this.routeGroupId === convGroupId) return;
    this.routeGroupId = convGroupId;
    this.deps.showInUrl(convGroupId, 'replace');
  }

  /**
   * The chunk completing the answer: it is saved into the branch shown here, as the server saved
   * it, and the answer ends for the user (input ready, stop gone) while the stream may still bring
   * its follow-ups. When the pages read lack its place (or the stream did not name it) nothing
   * happens here: the end of the stream reads the branch's end again.
   */
  private complete(generation: Generation, answer: CompletedAnswer): void {
    runInAction(() => {
      this.buffer?.flush();
      const live = this.live;
      const convGroupId = answer.convGroupId ?? this.convGroupId ?? this.pendingGroupId;
      const asked = live?.question ?? null;
      const questionId = answer.parentConvId ?? null;
      if (!live || !answer.convId || !convGroupId || (asked !== null && questionId === null)) return;
      // Only into the conversation the page shows (and its URL names).
      if ((this.conversation && this.conversation.group.convGroupId !== convGroupId) || (this.routeGroupId !== null && this.routeGroupId !== convGroupId)) return;
      const facts: TurnFacts = { ...generation.facts, convGroupId, createTime: answer.createTime ?? new Date(live.startedAt).toISOString() };
      const question = asked !== null && questionId !== null ? messageNode(questionId, live.follows, { role: 'user', content: asked }, facts) : null;
      const content = { role: 'assistant' as const, content: live.text, reasoning: live.reasoning, references: live.references, followUps: live.followUps, ...(live.toolCalls.length > 0 ? { toolCalls: live.toolCalls } : {}) };
      const saved = withCompletedTurn(this.conversation, {
        group: { convGroupId, title: answer.title ?? '', createTime: facts.createTime, gptsId: facts.gptsId, icon: null, showInput: true },
        question,
        answer: messageNode(answer.convId, question?.convId ?? live.follows, content, facts, 'done', answer.offlineDemo),
      });
      if (!saved) return;
      this.endLive(false);
      this.conversation = saved;
      if (this.routeGroupId !== convGroupId) this.adoptGroup(convGroupId);
      this.lastStreamedId = answer.convId;
      this.pendingGroupId = null;
      this.dropLive();
      generation.savedAnswerId = answer.convId;
      if (answer.title) this.deps.onConversation(convGroupId, answer.title, facts.gptsId);
    });
  }

  /** The live answer is gone (saved, or to be read again): no stream's events reach the page's answer any more. */
  private dropLive(): void {
    this.live = null;
    this.generation = null;
  }

  /** Follow-ups that came after the answer was saved: shown under it (a conversation opened meanwhile is left alone). */
  private showFollowUps(answerId: string, list: string[]): void {
    const shown = this.conversation && withFollowUps(this.conversation, answerId, list);
    if (shown) this.conversation = shown;
  }

  /** What happens when a generation's stream ends (the plan is `streamOutcome.ts`'s). */
  private async finish(generation: Generation, outcome: StreamOutcome, regenerate: () => Promise<void>, retried: boolean, question: string | null): Promise<void> {
    this.openStreams.delete(generation);
    // Saved when it completed: whatever ended the stream since (follow-ups, a dropped connection) changes nothing.
    if (generation.savedAnswerId) return;
    const groupId = this.convGroupId ?? outcome.ids.convGroupId ?? this.pendingGroupId;
    // `handOver`: the answer read so far stays on screen until the saved one replaces it, in one render.
    const reload = async (handOver = false) => {
      const end = groupId ? await this.deps.branch(groupId).catch(() => null) : null;
      runInAction(() => {
        if (end && this.routeGroupId === groupId) this.conversation = withEnd(this.conversation, end);
        if (handOver) this.dropLive();
      });
    };
    const liveConvId = this.live?.convId ?? outcome.ids.convId ?? null;
    this.endLive(outcome.status !== 'aborted');
    const plan = planOutcome(outcome, retried, liveConvId);

    if (plan.kind === 'resume') {
      // The same turn goes on: what was shown stays, the resumed stream brings the rest.
      const shown = this.live ?? undefined;
      const turn: Turn = { question: shown?.question ?? null, ids: { questionId: shown?.questionId ?? null, follows: shown?.follows ?? null }, facts: generation.facts, shown };
      return this.resume(plan.convId, plan.after, turn);
    }
    this.pendingGroupId = null;
    if (plan.kind === 'saved') {
      runInAction(() => (this.lastStreamedId = liveConvId));
      await reload(true);
      if (outcome.status === 'done' && groupId && outcome.title) this.deps.onConversation(groupId, outcome.title, this.conversationCode);
      return;
    }
    runInAction(() => this.dropLive());
    if (plan.kind === 'signIn') {
      if (plan.refresh && (await this.deps.refreshSession())) return regenerate();
      runInAction(() => (this.notice = { kind: 'noLogin' }));
      if (question) this.deps.keepUnsent(question);
      this.deps.goToLogin();
      return;
    }
    await reload();
    if (plan.warn) this.deps.warn(plan.warn);
    runInAction(() => (this.notice = plan.notice));
    if (plan.regenerate) await regenerate();
  }
}
