import type { BranchMessage, ChatContentItem, ConversationGroup, ConversationMessage, ConversationNode, ConversationTree, ToolCallRecord } from '@qiming/contracts';
import type { GroupRow, NodeRow, SiblingRow } from './repository.js';

export function groupView(row: GroupRow): ConversationGroup {
  return {
    convGroupId: row.id,
    title: row.title,
    createTime: row.created_at,
    gptsId: row.gpts_id,
    icon: row.icon,
    // Every stored conversation can be continued; the spec gives no case that hides the input.
    showInput: true,
  };
}

function contentOf(row: NodeRow): ChatContentItem {
  if (row.role === 'user') return { role: 'user', content: row.content };
  const toolCalls = JSON.parse(row.tool_calls) as ToolCallRecord[];
  return {
    role: 'assistant',
    content: row.content,
    reasoning: row.reasoning,
    references: JSON.parse(row.references),
    followUps: JSON.parse(row.follow_ups),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
  };
}

/** The index of the selected sibling; the newest when none (or one no longer there) is selected. */
function selectedIndex(siblings: readonly { convId: string }[], selectedId: string | null): number {
  const index = selectedId === null ? -1 : siblings.findIndex((s) => s.convId === selectedId);
  return index >= 0 ? index : Math.max(0, siblings.length - 1);
}

/** A node's own fields as the client shows them. */
function messageOf(row: NodeRow): ConversationMessage {
  return {
    convId: row.id,
    convGroupId: row.group_id,
    parentConvId: row.parent_id,
    gptsId: row.gpts_id,
    modelName: row.model_name,
    model: row.model,
    knowledgeId: row.knowledge_id,
    knowledgeName: row.knowledge_name,
    chatContent: [contentOf(row)],
    status: row.status,
    error: row.error,
    offlineDemo: row.offline_demo === 1,
    createTime: row.created_at,
  };
}

/** The whole conversation as the client shows it. `nodes` must list siblings oldest first. */
export function conversationTree(group: GroupRow, nodes: readonly NodeRow[]): ConversationTree {
  // Built without recursion: a long conversation is a deep tree.
  const views = new Map<string, ConversationNode>();
  for (const row of nodes) views.set(row.id, { ...messageOf(row), selectedChild: 0, childs: [] });
  const roots: ConversationNode[] = [];
  for (const row of nodes) {
    const view = views.get(row.id)!;
    const parent = row.parent_id === null ? undefined : views.get(row.parent_id);
    (parent ? parent.childs : roots).push(view);
  }
  for (const row of nodes) {
    const view = views.get(row.id)!;
    view.selectedChild = selectedIndex(view.childs, row.selected_child_id);
  }
  return { group: groupView(group), roots, selectedRoot: selectedIndex(roots, group.selected_root_id) };
}

/**
 * Messages of a branch, in the order of `rows`, each with its place among its versions.
 * `siblings` must hold every child of the rows' parents, oldest first (siblingsUnder).
 */
export function branchMessages(rows: readonly NodeRow[], siblings: readonly SiblingRow[]): BranchMessage[] {
  const byParent = new Map<string | null, string[]>();
  for (const sibling of siblings) {
    const list = byParent.get(sibling.parent_id);
    if (list) list.push(sibling.id);
    else byParent.set(sibling.parent_id, [sibling.id]);
  }
  return rows.map((row) => {
    const versions = byParent.get(row.parent_id) ?? [row.id];
    const index = Math.max(0, versions.indexOf(row.id));
    return { node: messageOf(row), curIndex: index + 1, chatLen: versions.length, previousVersion: versions[index - 1] ?? null, nextVersion: versions[index + 1] ?? null };
  });
}
