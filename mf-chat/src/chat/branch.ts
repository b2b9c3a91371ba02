import type { ConversationNode, ConversationTree } from '@qiming/sdk/contracts';

/** One message of the branch being shown, with what the version switch needs. */
export interface BranchMessage {
  node: ConversationNode;
  /** 1-based position among its siblings (the versions of this message). */
  curIndex: number;
  /** How many versions there are. */
  chatLen: number;
}

/** The messages along the selected branch, from the first message down (spec chat §4 "Branches"). */
export function selectedBranch(tree: ConversationTree | null): BranchMessage[] {
  if (!tree || tree.roots.length === 0) return [];
  const path: BranchMessage[] = [];
  let siblings = tree.roots;
  let index = clampIndex(tree.selectedRoot, siblings.length);
  for (;;) {
    const node = siblings[index]!;
    path.push({ node, curIndex: index + 1, chatLen: siblings.length });
    if (node.childs.length === 0) return path;
    siblings = node.childs;
    index = clampIndex(node.selectedChild, siblings.length);
  }
}

function clampIndex(index: number, length: number): number {
  return Number.isInteger(index) && index >= 0 && index < length ? index : length - 1;
}

/** The sibling `step` versions away from the message (previous −1, next +1), or null at either end. */
export function siblingVersion(tree: ConversationTree, convId: string, step: -1 | 1): ConversationNode | null {
  const siblings = siblingsOf(tree, convId);
  if (!siblings) return null;
  const at = siblings.findIndex((node) => node.convId === convId);
  return siblings[at + step] ?? null;
}

function siblingsOf(tree: ConversationTree, convId: string): ConversationNode[] | null {
  const stack: ConversationNode[][] = [tree.roots];
  while (stack.length > 0) {
    const level = stack.pop()!;
    if (level.some((node) => node.convId === convId)) return level;
    for (const node of level) if (node.childs.length > 0) stack.push(node.childs);
  }
  return null;
}

/**
 * Shows `convId`'s branch locally (the server remembers it through selectBranch): a new tree that
 * shares every node off the path to it. Without recursion: a long conversation is a deep tree.
 */
export function selectLocally(tree: ConversationTree, convId: string): ConversationTree {
  const rootIndex = tree.roots.findIndex((node) => node.convId === convId);
  if (rootIndex >= 0) return { ...tree, selectedRoot: rootIndex };
  const parentOf = new Map<ConversationNode, ConversationNode>();
  const stack = [...tree.roots];
  let target: ConversationNode | undefined;
  while (stack.length > 0 && !target) {
    const node = stack.pop()!;
    for (const child of node.childs) {
      parentOf.set(child, node);
      if (child.convId === convId) target = child;
      stack.push(child);
    }
  }
  if (!target) return tree;
  let original = parentOf.get(target)!;
  let copy: ConversationNode = { ...original, selectedChild: original.childs.indexOf(target) };
  for (let up = parentOf.get(original); up; up = parentOf.get(up)) {
    const replaced = original;
    const replacement = copy;
    copy = { ...up, childs: up.childs.map((child) => (child === replaced ? replacement : child)) };
    original = up;
  }
  return { ...tree, roots: tree.roots.map((root) => (root === original ? copy : root)) };
}
