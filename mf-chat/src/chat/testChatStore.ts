import { BRANCH_PAGE, type BranchMessage, type ConversationBranch, type ConversationNode, type ConversationTree } from '@qiming/sdk/contracts';
import type { StreamHandlers, StreamOutcome } from '@qiming/sdk';
import type { BranchPageQuery } from '../history/conversationsApi';
import { ChatStore, type ChatStoreDeps } from './ChatStore';
import type { EarlyBranch } from './earlyConversation';

// A chat store on fake calls, for tests: the stream scripted, the conversation calls answered from a tree.

/** A conversation node as the server sends it in a tree. */
export function node(convId: string, role: 'user' | 'assistant', content: string, childs: ConversationNode[] = [], extra: Partial<ConversationNode> = {}): ConversationNode {
  return {
    convId,
    convGroupId: 'g1',
    parentConvId: null,
    gptsId: null,
    modelName: 'glm-4-flash',
    model: 'glm-4-flash',
    knowledgeId: null,
    knowledgeName: null,
    chatContent: [{ role, content }],
    status: 'done',
    error: null,
    offlineDemo: true,
    createTime: '2030-01-01T00:00:00.000Z',
    selectedChild: childs.length - 1,
    childs,
    ...extra,
  };
}

export function treeOf(roots: ConversationNode[]): ConversationTree {
  return { group: { convGroupId: 'g1', title: '标题', createTime: '2030-01-01T00:00:00.000Z', gptsId: null, icon: null, showInput: true }, roots, selectedRoot: roots.length - 1 };
}

/** A conversation `depth` messages deep (q0, a1, q2…) whose last answer has a second version, selected. */
export function deepTree(depth: number): ConversationTree {
  const bottom = node(`a${depth - 1}`, 'assistant', '最后的答案');
  const bottomSibling = node(`a${depth - 1}b`, 'assistant', '另一个版本');
  let chain: ConversationNode = node(`q${depth - 2}`, 'user', '最后的问题', [bottom, bottomSibling], { selectedChild: 1 });
  for (let i = depth - 3; i >= 0; i--) chain = node(i % 2 ? `a${i}` : `q${i}`, i % 2 ? 'assistant' : 'user', `第${i}条`, [chain]);
  return treeOf([chain]);
}

export const outcome = (extra: Partial<StreamOutcome> & Pick<StreamOutcome, 'status'>): StreamOutcome =>
  ({ ids: { convId: 'a1', convGroupId: 'g1' }, lastSeq: 3, attempts: 1, mode: 'stream', ...extra }) as StreamOutcome;

export type Script = (handlers: StreamHandlers) => StreamOutcome | Promise<StreamOutcome>;

/**
 * getConversationBranch and selectBranch over `tree` as the server answers them: the branch shown
 * (each level's selected child), paged from its end; `before=` walks up, `from=` down from a node.
 */
export function fakeServer(tree: ConversationTree) {
  const parentOf = new Map<ConversationNode, ConversationNode | null>();
  const byId = new Map<string, ConversationNode>();
  const stack: Array<[ConversationNode, ConversationNode | null]> = tree.roots.map((root) => [root, null]);
  while (stack.length) {
    const [n, parent] = stack.pop()!;
    parentOf.set(n, parent);
    byId.set(n.convId, n);
    for (const child of n.childs) stack.push([child, n]);
  }
  const siblings = (n: ConversationNode) => parentOf.get(n)?.childs ?? tree.roots;
  const message = (n: ConversationNode): BranchMessage => {
    const { childs: _childs, selectedChild: _selected, ...own } = n;
    const list = siblings(n);
    const at = list.indexOf(n);
    return { node: own, curIndex: at + 1, chatLen: list.length, previousVersion: list[at - 1]?.convId ?? null, nextVersion: list[at + 1]?.convId ?? null };
  };
  const down = (start: ConversationNode | undefined) => {
    const path: ConversationNode[] = [];
    for (let n = start; n; n = n.childs[n.selectedChild]) path.push(n);
    return path;
  };
  return {
    branch: jest.fn(async (_convGroupId: string, page: BranchPageQuery = {}): Promise<ConversationBranch> => {
      const limit = Math.min(page.limit ?? BRANCH_PAGE.size, BRANCH_PAGE.max);
      let path: ConversationNode[];
      let above: boolean;
      if (page.before) {
        path = [];
        for (let n = parentOf.get(byId.get(page.before)!); n; n = parentOf.get(n)) path.unshift(n);
        above = false;
      } else {
        const start = page.from ? byId.get(page.from)! : tree.roots[tree.selectedRoot];
        path = down(start);
        above = !!start && parentOf.get(start) !== null;
      }
      const messages = path.slice(-limit).map(message);
      return { group: tree.group, messages, hasEarlier: path.length > limit || above };
    }),
    selectBranch: jest.fn(async (convId: string) => {
      const n = byId.get(convId)!;
      const parent = parentOf.get(n);
      if (parent) parent.selectedChild = parent.childs.indexOf(n);
      else tree.selectedRoot = tree.roots.indexOf(n);
      return null;
    }),
  };
}

export function setup(scripts: Script[], tree: ConversationTree = treeOf([node('q1', 'user', '问题', [node('a1', 'assistant', '答案')])])) {
  const queue = [...scripts];
  const server = fakeServer(tree);
  const deps = {
    send: jest.fn(async (_body: unknown, handlers: StreamHandlers, _signal: AbortSignal) => queue.shift()!(handlers)),
    resume: jest.fn(async (_convId: string, handlers: StreamHandlers) => queue.shift()!(handlers)),
    isRunning: jest.fn(async (_convId: string): Promise<boolean> => false),
    stop: jest.fn(async () => ({ stopped: true })),
    branch: server.branch,
    earlyBranch: jest.fn((_convGroupId: string): EarlyBranch | null => null),
    selectBranch: server.selectBranch,
    showInUrl: jest.fn(),
    refreshSession: jest.fn(async (): Promise<boolean> => false),
    warn: jest.fn(),
    openPay: jest.fn(),
    isSignedIn: jest.fn((): boolean => true),
    keepUnsent: jest.fn(),
    goToLogin: jest.fn(),
    onConversation: jest.fn(),
    settings: () => ({ systemPrompt: '', recentChatLen: 4 }),
    renderEveryMs: 0,
  } satisfies ChatStoreDeps;
  return { store: new ChatStore(deps, 'glm-4-flash'), deps };
}
