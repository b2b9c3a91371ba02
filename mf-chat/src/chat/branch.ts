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

/** The nodes from a root down to `convId`, or null when it is not in the tree. Without recursion: a long conversation is a deep tree. */
function pathTo(tree: ConversationTree, convId: string): ConversationNode[] | null {
  const parentOf = new Map<ConversationNode, ConversationNode>();
  const stack = [...tree.roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.convId === convId) {
      const path = [node];
      for (let up = parentOf.get(node); up; up = parentOf.get(up)) path.push(up);
      return path.reverse();
    }
    for (const child of node.childs) {
      parentOf.set(child, node);
      stack.push(child);
    }
  }
  return null;
}

/** The tree with the last node of `path` replaced, every node off the path shared. */
function replaceAlong(tree: ConversationTree, path: readonly ConversationNode[], replacement: ConversationNode): ConversationTree {
  let copy = replacement;
  for (let i = path.length - 2; i >= 0; i--) {
    const up = path[i]!;
    const replaced = path[i + 1]!;
    const below = copy;
    copy = { ...up, childs: up.childs.map((child) => (child === replaced ? below : child)) };
  }
  return { ...tree, roots: tree.roots.map((root) => (root === path[0] ? copy : root)) };
}

/** A new tree with node `convId` replaced by `update(node)`, sharing every node off the path to it; null when it is not there. */
export function updateNode(tree: ConversationTree, convId: string, update: (node: ConversationNode) => ConversationNode): ConversationTree | null {
  const path = pathTo(tree, convId);
  return path ? replaceAlong(tree, path, update(path.at(-1)!)) : null;
}

/** Shows `convId`'s branch locally (the server remembers it through selectBranch). */
export function selectLocally(tree: ConversationTree, convId: string): ConversationTree {
  const path = pathTo(tree, convId);
  if (!path) return tree;
  if (path.length === 1) return { ...tree, selectedRoot: tree.roots.indexOf(path[0]!) };
  const parent = path.at(-2)!;
  return replaceAlong(tree, path.slice(0, -1), { ...parent, selectedChild: parent.childs.indexOf(path.at(-1)!) });
}
