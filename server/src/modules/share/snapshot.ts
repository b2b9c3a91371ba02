import type { ConversationNode, ConversationTree, SharedConversation, SharedMessage } from '@qiming/contracts';

/** The messages of the branch shown: the selected root, then each node's selected child. */
export function shownBranch(tree: ConversationTree): ConversationNode[] {
  const branch: ConversationNode[] = [];
  let siblings = tree.roots;
  let index = tree.selectedRoot;
  while (siblings.length > 0) {
    const node = siblings[index] ?? siblings.at(-1)!;
    branch.push(node);
    siblings = node.childs;
    index = node.selectedChild;
  }
  return branch;
}

const isAnswer = (node: ConversationNode) => node.chatContent[0]?.role === 'assistant';

/** An answer the page may show: it ended (done, or stopped by the user after some text) and has content. */
const isFinishedAnswer = (node: ConversationNode) => isAnswer(node) && (node.status === 'done' || node.status === 'stopped') && (node.chatContent[0]?.content ?? '').trim() !== '';

function sharedMessage(node: ConversationNode): SharedMessage {
  const item = node.chatContent[0]!;
  if (item.role === 'user') return { role: 'user', content: item.content, createTime: node.createTime };
  return { role: 'assistant', content: item.content, ...(item.reasoning ? { reasoning: item.reasoning } : {}), modelName: node.modelName, createTime: node.createTime };
}

/**
 * What a share page shows of a conversation: the branch shown up to its last finished answer.
 * Answers that failed or are still generating are left out with their partial text and error;
 * a question after the last finished answer (not answered yet) is left out too. Only role,
 * content, reasoning, model name and time per message — no ids, user, references or points.
 * null when the branch has no finished answer.
 */
export function snapshotOf(tree: ConversationTree, iconOf: (model: string) => string | null, sharedAt: string): SharedConversation | null {
  const branch = shownBranch(tree);
  let lastAnswer = -1;
  branch.forEach((node, index) => {
    if (isFinishedAnswer(node)) lastAnswer = index;
  });
  if (lastAnswer < 0) return null;
  const last = branch[lastAnswer]!;
  return {
    convGroupId: tree.group.convGroupId,
    title: tree.group.title,
    model: last.model,
    modelName: last.modelName,
    icon: iconOf(last.model) ?? tree.group.icon,
    sharedAt,
    messages: branch
      .slice(0, lastAnswer + 1)
      .filter((node) => !isAnswer(node) || isFinishedAnswer(node))
      .map(sharedMessage),
  };
}
