import type { ChatContentItem, ConversationGroup, ConversationNode, ConversationTree, NodeStatus } from '@qiming/sdk/contracts';
import { updateNode } from './branch';

/**
 * A turn saved on this page as the server saved it, so the conversation need not be read again
 * when an answer completes: the stream names the answer, its question and its time, the page knows
 * the rest. The rows keep their keys (the node ids), so nothing already shown is drawn again.
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

/** A message node without children, as the server returns one. */
export function messageNode(convId: string, parentConvId: string | null, content: ChatContentItem, facts: TurnFacts, status: NodeStatus = 'done', offlineDemo = false): ConversationNode {
  const { convGroupId, gptsId, model, modelName, knowledgeId, knowledgeName, createTime } = facts;
  return { convId, convGroupId, parentConvId, gptsId, modelName, model, knowledgeId, knowledgeName, chatContent: [content], status, error: null, offlineDemo, createTime, selectedChild: 0, childs: [] };
}

/** A completed turn: the answer after a new question, or (`question` null) a new version of an existing question's answer. */
export interface CompletedTurn {
  /** A new conversation's group (kept from the tree otherwise). */
  group: ConversationGroup;
  question: ConversationNode | null;
  answer: ConversationNode;
}

/**
 * The tree with a completed turn in it: a new question as the newest child of the node it follows
 * (a new root for a first message), holding the answer; or the answer as the newest child of its
 * question, in place of a node with its id (a resumed answer) — selected either way, as the server
 * selects them. null when the tree lacks that place.
 */
export function withCompletedTurn(tree: ConversationTree | null, { group, question, answer }: CompletedTurn): ConversationTree | null {
  if (question) {
    const asked: ConversationNode = { ...question, childs: [answer], selectedChild: 0 };
    if (question.parentConvId === null) {
      const roots = [...(tree?.roots ?? []), asked];
      return { group: tree?.group ?? group, roots, selectedRoot: roots.length - 1 };
    }
    return tree && updateNode(tree, question.parentConvId, (parent) => withChild(parent, asked));
  }
  if (!tree || answer.parentConvId === null) return null;
  return updateNode(tree, answer.parentConvId, (parent) => withChild(parent, answer));
}

/** `node` with `child` selected: in place of its child with the same id, else as the newest. */
function withChild(node: ConversationNode, child: ConversationNode): ConversationNode {
  const at = node.childs.findIndex((c) => c.convId === child.convId);
  const childs = at >= 0 ? node.childs.map((c, i) => (i === at ? child : c)) : [...node.childs, child];
  return { ...node, childs, selectedChild: at >= 0 ? at : childs.length - 1 };
}

/** The answer with follow-up suggestions that came after it was saved; null when it is not in the tree. */
export function withFollowUps(tree: ConversationTree, answerId: string, followUps: string[]): ConversationTree | null {
  return updateNode(tree, answerId, (node) => ({ ...node, chatContent: node.chatContent.map((item) => ({ ...item, followUps })) }));
}
