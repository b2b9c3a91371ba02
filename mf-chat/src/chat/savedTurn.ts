import type { BranchMessage, ChatContentItem, ConversationBranch, ConversationGroup, ConversationMessage, NodeStatus } from '@qiming/sdk/contracts';

/**
 * A turn saved on this page as the server saved it, so the conversation need not be read again
 * when an answer completes: the stream names the answer, its question and its time, the page knows
 * the rest. It goes into the branch shown (the pages read so far, `ConversationBranch`); the rows
 * keep their keys (the node ids), so nothing already shown is drawn again.
 */

/** What the messages of a turn share besides their ids and content: who answers, where, when. */
export interface TurnFacts {
  convGroupId: string;
  gptsId: string | null;
  model: string;
  modelName: string;
  knowledgeId: string | null;
  knowledgeName: string | null;
  createTime: string;
}

/** A message as the server returns it in a branch. */
export function messageNode(convId: string, parentConvId: string | null, content: ChatContentItem, facts: TurnFacts, status: NodeStatus = 'done', offlineDemo = false): ConversationMessage {
  const { convGroupId, gptsId, model, modelName, knowledgeId, knowledgeName, createTime } = facts;
  return { convId, convGroupId, parentConvId, gptsId, modelName, model, knowledgeId, knowledgeName, chatContent: [content], status, error: null, offlineDemo, createTime };
}

/** A completed turn: the answer after a new question, or (`question` null) a new version of an existing question's answer. */
export interface CompletedTurn {
  /** A new conversation's group (kept from the branch otherwise). */
  group: ConversationGroup;
  question: ConversationMessage | null;
  answer: ConversationMessage;
}

/**
 * Where `node` goes at position `at` of the messages shown, as the newest of its versions (the
 * server selects a new message): the message shown there is its sibling and it comes after it; a
 * message with its id there (a resumed answer) is replaced in place. null when the place among the
 * versions is unknown (newer versions than the one shown exist, not read here).
 */
export function newestAt(messages: readonly BranchMessage[], at: number, node: ConversationMessage): BranchMessage | null {
  const there = messages[at];
  if (!there) return { node, curIndex: 1, chatLen: 1, previousVersion: null, nextVersion: null };
  if (there.node.convId === node.convId) return { ...there, node };
  if (there.nextVersion !== null) return null;
  return { node, curIndex: there.chatLen + 1, chatLen: there.chatLen + 1, previousVersion: there.node.convId, nextVersion: null };
}

/** The position after the message `follows` (null: the first message), or -1 when that place is not among the messages read. */
export function placeAfter(shown: ConversationBranch, follows: string | null): number {
  if (follows === null) return shown.hasEarlier ? -1 : 0;
  const at = shown.messages.findIndex((m) => m.node.convId === follows);
  return at < 0 ? -1 : at + 1;
}

/**
 * The branch shown with a completed turn at its end: a new question after the message it follows
 * (the first message of a new conversation), then its answer; or the answer after its question, in
 * place of a message with its id (a resumed answer) — each the newest of its versions and selected,
 * as the server selects them; what came after their place is left (another branch now). null when
 * the branch read lacks that place or the versions there are not all known.
 */
export function withCompletedTurn(shown: ConversationBranch | null, { group, question, answer }: CompletedTurn): ConversationBranch | null {
  if (question) {
    if (!shown) return question.parentConvId === null ? { group, messages: [newestAt([], 0, question)!, newestAt([], 0, answer)!], hasEarlier: false } : null;
    const at = placeAfter(shown, question.parentConvId);
    const asked = at < 0 ? null : newestAt(shown.messages, at, question);
    if (!asked) return null;
    return { group: shown.group, messages: [...shown.messages.slice(0, at), asked, newestAt([], 0, answer)!], hasEarlier: shown.hasEarlier };
  }
  if (!shown || answer.parentConvId === null) return null;
  const at = placeAfter(shown, answer.parentConvId);
  const answered = at < 0 ? null : newestAt(shown.messages, at, answer);
  if (!answered) return null;
  return { group: shown.group, messages: [...shown.messages.slice(0, at), answered], hasEarlier: shown.hasEarlier };
}

/** The answer with follow-up suggestions that came after it was saved; null when it is not among the messages shown. */
export function withFollowUps(shown: ConversationBranch, answerId: string, followUps: string[]): ConversationBranch | null {
  const at = shown.messages.findIndex((m) => m.node.convId === answerId);
  if (at < 0) return null;
  const messages = shown.messages.map((m, i) => (i === at ? { ...m, node: { ...m.node, chatContent: m.node.chatContent.map((item) => ({ ...item, followUps })) } } : m));
  return { ...shown, messages };
}
