import { randomUUID } from 'node:crypto';
import { BRANCH_PAGE, type ConversationBranch, type ConversationGroup, type ConversationTree, type Page, type Reference, type ToolCallRecord } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { Usage } from '../catalogue/index.js';
import { chatError, conversationNotFound, parentNotFound } from './codes.js';
import type { ConversationsRepository, Executor, GroupRow, NewNodeRow, NodeHead, PathSelections, RecentNode } from './repository.js';
import { cutText, TITLE_MAX, titleFrom } from './titles.js';
import { branchMessages, conversationTree, groupView } from './tree.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Where a message goes and what answers it (the getStream body, resolved by the gateway). */
export interface TurnInput {
  /** null starts a new conversation. */
  convGroupId: string | null;
  /** null: a new first message; an answer: the next message; a user message: regenerate its answer. */
  parentConvId: string | null;
  /** The user's message; ignored when regenerating. */
  request: string;
  model: string;
  modelName: string;
  gptsId: string | null;
  knowledgeId: string | null;
  knowledgeName: string | null;
  /** The new conversation's icon (ignored for an existing one). */
  icon: string | null;
  /** The new answer's id, when the caller already reserved something under it (the chat job's points hold). */
  assistantNodeId?: string;
}

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface Turn {
  group: ConversationGroup;
  /** The message being answered (the existing one when regenerating). */
  userNode: { id: string };
  /** The new answer, 'generating' with empty content. */
  assistantNodeId: string;
  /** When the turn was written: the new answer's (and a new question's) createTime. */
  createTime: string;
  isNewGroup: boolean;
}

/** Which page of the branch shown (ConversationBranch in the contract). */
export interface BranchPageRequest {
  /** The messages above this one. */
  before?: string;
  /** The branch continued from this message (a version just switched to). */
  from?: string;
  limit?: number;
}

export interface FinishedAnswer {
  content: string;
  status: 'done' | 'stopped' | 'failed';
  reasoning?: string;
  references?: Reference[];
  followUps?: string[];
  toolCalls?: ToolCallRecord[];
  error?: string | null;
  offlineDemo?: boolean;
  usage?: Usage | null;
}

/** Ids per UPDATE of failGenerating (well below either database's bound-parameter limit). */
const FAIL_BATCH = 500;

/** A failed or empty answer is nothing to remember. */
const remembered = (node: RecentNode) => node.role === 'user' || (node.content !== '' && node.status !== 'failed');

/** A turn may answer `parent` (null: a first message) in `groupId`: it is there and not an answer still generating. */
const answerable = (parent: NodeHead | undefined | null, input: TurnInput, groupId: string) =>
  input.parentConvId === null || (!!parent && parent.group_id === groupId && !(parent.role === 'assistant' && parent.status === 'generating'));

/** A finished branch copied into a new conversation (featured conversations' 继续对话). */
export interface ImportedBranch {
  title: string;
  icon: string | null;
  messages: ReadonlyArray<{ role: 'user' | 'assistant'; content: string; reasoning?: string; model: string; modelName: string }>;
}

/**
 * Conversation history: groups of message nodes in a tree, where a regenerated answer or an edited
 * question is a sibling branch and every node remembers which branch is shown. The chat gateway
 * records each turn here (startTurn, then finishAnswer); the history routes read and manage it.
 */
export class ConversationsService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly now: Clock,
  ) {}

  /**
   * The history a context is built from, read without writing anything: the last `memoryRounds`
   * question–answer rounds of the branch before the message (0: none), user messages and the
   * answers that have content and did not fail, then the message itself. Only those rounds are
   * read, however long the branch. The chat gateway sizes its points hold on it before startTurn
   * writes anything, so a refused hold leaves no conversation behind; the same refusals as
   * startTurn (1904, 1905, empty input), which checks again when it writes.
   */
  async previewTurn(userId: string, input: TurnInput, memoryRounds: number): Promise<HistoryMessage[]> {
    const db = this.repo.db;
    if (input.convGroupId === null && input.parentConvId !== null) throw parentNotFound();
    if (input.convGroupId !== null && !(await this.repo.ownedGroup(db, userId, input.convGroupId))) throw conversationNotFound();
    const parent = input.parentConvId === null ? null : await this.repo.nodeHead(db, input.parentConvId);
    if (!answerable(parent, input, input.convGroupId ?? '')) throw parentNotFound();
    const regenerating = parent?.role === 'user';
    // Regenerating answers `parent` itself, so one more user message belongs to the read.
    const userMessages = Math.max(0, memoryRounds) + (regenerating ? 1 : 0);
    const recent = parent && userMessages > 0 ? await this.repo.recentPath(db, parent.id, userMessages) : [];
    const history = recent.filter(remembered).map(({ role, content }) => ({ role, content }));
    if (regenerating) return history;
    if (!input.request.trim()) throw chatError('emptyInput');
    return [...history, { role: 'user', content: input.request }];
  }

  /**
   * Records a new turn in one transaction: the group (when new), the user message (unless
   * regenerating) and a 'generating' answer, with that branch selected from the root down.
   * 1904 for a group that is missing or another user's; 1905 for a parent that is missing, in
   * another group, an answer still generating, or given without a group.
   */
  /**
   * A new conversation of `userId` holding `branch` — one message after another, every one done —
   * in one transaction; its id. The caller continues it like any conversation of theirs.
   */
  async importBranch(userId: string, branch: ImportedBranch): Promise<string> {
    if (!branch.messages.length) throw new Error('importBranch needs at least one message');
    const at = this.now().toISOString();
    const groupId = randomUUID();
    const title = cutText(branch.title.trim(), TITLE_MAX) || titleFrom(branch.messages[0]!.content);
    await this.repo.transaction(async (trx) => {
      const nodeIds = branch.messages.map(() => randomUUID());
      await this.repo.insertGroup(trx, { id: groupId, user_id: userId, title, gpts_id: null, icon: branch.icon, selected_root_id: nodeIds[0]!, created_at: at, updated_at: at });
      for (const [index, message] of branch.messages.entries()) {
        await this.repo.insertNode(trx, {
          id: nodeIds[index]!,
          group_id: groupId,
          user_id: userId,
          parent_id: index === 0 ? null : nodeIds[index - 1]!,
          seq: 0,
          role: message.role,
          model: message.model,
          model_name: message.modelName,
          gpts_id: null,
          knowledge_id: null,
          knowledge_name: null,
          content: message.content,
          reasoning: message.reasoning ?? '',
          status: 'done',
          error: null,
          usage: null,
          selected_child_id: null,
          created_at: at,
          finished_at: at,
        });
      }
    });
    return groupId;
  }

  async startTurn(userId: string, input: TurnInput): Promise<Turn> {
    const at = this.now().toISOString();
    return this.repo.transaction(async (trx) => {
      const { group, isNewGroup } = await this.groupForTurn(trx, userId, input, at);
      const parent = input.parentConvId === null ? null : await this.repo.nodeHead(trx, input.parentConvId);
      if (!answerable(parent, input, group.id)) throw parentNotFound();

      const answered = { model: input.model, model_name: input.modelName, gpts_id: input.gptsId, knowledge_id: input.knowledgeId, knowledge_name: input.knowledgeName };
      let userNodeId: string;
      if (parent?.role === 'user') {
        userNodeId = parent.id;
      } else {
        if (!input.request.trim()) throw chatError('emptyInput');
        userNodeId = randomUUID();
        await this.insertNode(trx, { ...answered, id: userNodeId, group_id: group.id, user_id: userId, parent_id: parent?.id ?? null, role: 'user', content: input.request, status: 'done', created_at: at, finished_at: at });
      }
      const assistantNodeId = input.assistantNodeId ?? randomUUID();
      await this.insertNode(trx, { ...answered, id: assistantNodeId, group_id: group.id, user_id: userId, parent_id: userNodeId, role: 'assistant', content: '', status: 'generating', created_at: at, finished_at: null });

      await this.selectPath(trx, group, await this.repo.pathSelections(trx, userNodeId));
      await this.repo.selectChild(trx, userNodeId, assistantNodeId);
      return { group: groupView(group), userNode: { id: userNodeId }, assistantNodeId, createTime: at, isNewGroup };
    });
  }

  private async groupForTurn(trx: Executor, userId: string, input: TurnInput, at: string): Promise<{ group: GroupRow; isNewGroup: boolean }> {
    if (input.convGroupId !== null) {
      const group = await this.repo.touchGroup(trx, userId, input.convGroupId, at);
      if (!group) throw conversationNotFound();
      return { group, isNewGroup: false };
    }
    if (input.parentConvId !== null) throw parentNotFound();
    const group: GroupRow = { id: randomUUID(), user_id: userId, title: titleFrom(input.request), gpts_id: input.gptsId, icon: input.icon, selected_root_id: null, created_at: at, updated_at: at };
    await this.repo.insertGroup(trx, group);
    return { group, isNewGroup: true };
  }

  /** Inserts a node as the newest of its siblings. */
  private async insertNode(trx: Executor, node: Omit<NewNodeRow, 'seq'>): Promise<void> {
    const seq = await this.repo.siblingCount(trx, node.group_id, node.parent_id ?? null);
    await this.repo.insertNode(trx, { ...node, seq });
  }

  /** Selects the path from the root down: the group's first message and each node that showed another branch. */
  private async selectPath(trx: Executor, group: GroupRow, path: PathSelections): Promise<void> {
    if (group.selected_root_id !== path.rootId) await this.repo.selectRoot(trx, group.id, path.rootId);
    for (const { parentId, childId } of path.unselected) await this.repo.selectChild(trx, parentId, childId);
  }

  /**
   * Stores how an answer ended, only while it is still generating. False when the node is gone
   * (its conversation was deleted meanwhile) or had already ended; never throws for those.
   * `executor`: a transaction of the caller's (the chat gateway settles the points in the same one).
   */
  finishAnswer(assistantNodeId: string, answer: FinishedAnswer, executor: Executor = this.repo.db): Promise<boolean> {
    return this.repo.finish(executor, assistantNodeId, {
      content: answer.content,
      reasoning: answer.reasoning ?? '',
      references: JSON.stringify(answer.references ?? []),
      follow_ups: JSON.stringify(answer.followUps ?? []),
      tool_calls: JSON.stringify(answer.toolCalls ?? []),
      status: answer.status,
      error: answer.error ?? null,
      offline_demo: answer.offlineDemo ? 1 : 0,
      usage: answer.usage ? JSON.stringify(answer.usage) : null,
      finished_at: this.now().toISOString(),
    });
  }

  /**
   * Adds follow-up suggestions to an answer that is done (a real channel's come after the answer
   * was saved); false when the node is gone or did not end as done.
   */
  saveFollowUps(assistantNodeId: string, followUps: readonly string[]): Promise<boolean> {
    return this.repo.setFollowUps(assistantNodeId, JSON.stringify(followUps));
  }

  /** Marks the answers among `nodeIds` that are still generating as failed (crash recovery); how many. */
  async failGenerating(nodeIds: readonly string[], error: string): Promise<number> {
    const at = this.now().toISOString();
    let failed = 0;
    for (let i = 0; i < nodeIds.length; i += FAIL_BATCH) failed += await this.repo.failGenerating(nodeIds.slice(i, i + FAIL_BATCH), error, at);
    return failed;
  }

  /** The whole conversation with its branches; 1904 when it is missing or another user's. */
  async tree(userId: string, convGroupId: string): Promise<ConversationTree> {
    const group = await this.ownedGroup(userId, convGroupId);
    return conversationTree(group, await this.repo.nodesOf(group.id));
  }

  /**
   * A page of the branch shown, from its end (see ConversationBranch): the path is walked by ids,
   * and only the page's messages are read with their contents. 1904 when the conversation, or the
   * message named, is missing or another user's.
   */
  async branch(userId: string, convGroupId: string, page: BranchPageRequest = {}): Promise<ConversationBranch> {
    const db = this.repo.db;
    const group = await this.ownedGroup(userId, convGroupId);
    const limit = Math.min(Math.max(1, page.limit ?? BRANCH_PAGE.size), BRANCH_PAGE.max);
    let ids: string[];
    let hasEarlier: boolean;
    if (page.before !== undefined) {
      await this.nodeIn(group, page.before);
      const above = await this.repo.idsAbove(db, page.before, limit + 1);
      ids = above.slice(0, limit).reverse();
      hasEarlier = above.length > limit;
    } else {
      const start = page.from === undefined ? null : await this.nodeIn(group, page.from);
      const path = await this.repo.shownPathIds(db, group.id, start?.id ?? null);
      ids = path.slice(-limit);
      hasEarlier = path.length > limit || (start !== null && start.parent_id !== null);
    }
    const byId = new Map((await this.repo.nodesById(db, ids)).map((row) => [row.id, row]));
    const rows = ids.map((id) => byId.get(id)!);
    const siblings = await this.repo.siblingsUnder(db, group.id, rows.map((row) => row.parent_id));
    return { group: groupView(group), messages: branchMessages(rows, siblings), hasEarlier };
  }

  /** Every conversation of the user, newest activity first. */
  async groups(userId: string): Promise<ConversationGroup[]> {
    return (await this.repo.groups(userId)).map(groupView);
  }

  /** The conversations whose messages used a knowledge base (a document chat reopens its conversations), newest activity first. */
  async groupsWithKnowledge(userId: string, knowledgeId: string): Promise<Array<{ convGroupId: string; title: string; updatedAt: string }>> {
    return (await this.repo.groupsWithKnowledge(userId, knowledgeId)).map((row) => ({ convGroupId: row.id, title: row.title, updatedAt: row.updated_at }));
  }

  async groupsPage(userId: string, pageNo = 1, pageSize = DEFAULT_PAGE_SIZE): Promise<Page<ConversationGroup>> {
    const limit = Math.min(Math.max(1, pageSize), MAX_PAGE_SIZE);
    const [rows, total] = await Promise.all([this.repo.groups(userId, { offset: (Math.max(1, pageNo) - 1) * limit, limit }), this.repo.countGroups(userId)]);
    return { list: rows.map(groupView), total };
  }

  /** Renames a conversation; an empty or unchanged title is ignored, a long one cut to 100 characters. */
  async changeTitle(userId: string, convGroupId: string, title: string): Promise<void> {
    const group = await this.ownedGroup(userId, convGroupId);
    const next = cutText(title.replace(/\s+/g, ' ').trim(), TITLE_MAX);
    if (next && next !== group.title) await this.repo.setTitle(group.id, next);
  }

  /** Deletes one conversation (1904 when missing or another user's) or, with 'all', every one of the user. */
  async deleteGroup(userId: string, convGroupId: string): Promise<{ deleted: number }> {
    const deleted = await this.repo.deleteGroups(userId, convGroupId === 'all' ? null : convGroupId);
    if (convGroupId !== 'all' && deleted === 0) throw conversationNotFound();
    return { deleted };
  }

  /** Shows the branch of `convId` from now on: its parent (or the group, for a first message) remembers it. */
  async selectBranch(userId: string, convId: string): Promise<void> {
    const node = await this.repo.nodeHead(this.repo.db, convId);
    if (!node || node.user_id !== userId) throw conversationNotFound();
    if (node.parent_id === null) await this.repo.selectRoot(this.repo.db, node.group_id, node.id);
    else await this.repo.selectChild(this.repo.db, node.parent_id, node.id);
  }

  /** True when the conversation exists and is the user's (other modules' ownership check, e.g. share). */
  async ownsGroup(userId: string, convGroupId: string): Promise<boolean> {
    return (await this.repo.ownedGroup(this.repo.db, userId, convGroupId)) !== undefined;
  }

  /** A message of the group; 1904 otherwise (the group is already known to be the user's). */
  private async nodeIn(group: GroupRow, convId: string): Promise<NodeHead> {
    const node = await this.repo.nodeHead(this.repo.db, convId);
    if (!node || node.group_id !== group.id) throw conversationNotFound();
    return node;
  }

  private async ownedGroup(userId: string, convGroupId: string): Promise<GroupRow> {
    const group = await this.repo.ownedGroup(this.repo.db, userId, convGroupId);
    if (!group) throw conversationNotFound();
    return group;
  }
}
