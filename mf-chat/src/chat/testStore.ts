// Test helpers of the chat store: saved nodes and trees, stream outcomes, and a store whose streams
// are scripts the tests write (each gets the handlers the store passed to the SDK).
import type { ConversationNode, ConversationTree } from '@qiming/sdk/contracts';
import type { StreamHandlers, StreamOutcome } from '@qiming/sdk';
import { ChatStore, type ChatStoreDeps } from './ChatStore';

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
    childs: childs.map((child) => ({ ...child, parentConvId: convId })),
    ...extra,
  };
}

export function treeOf(roots: ConversationNode[]): ConversationTree {
  return { group: { convGroupId: 'g1', title: '标题', createTime: '2030-01-01T00:00:00.000Z', gptsId: null, icon: null, showInput: true }, roots, selectedRoot: roots.length - 1 };
}

export const outcome = (extra: Partial<StreamOutcome> & Pick<StreamOutcome, 'status'>): StreamOutcome =>
  ({ ids: { convId: 'a1', convGroupId: 'g1' }, lastSeq: 3, attempts: 1, mode: 'stream', ...extra }) as StreamOutcome;

export type Script = (handlers: StreamHandlers) => StreamOutcome | Promise<StreamOutcome>;

export function setup(scripts: Script[], tree: ConversationTree = treeOf([node('q1', 'user', '问题', [node('a1', 'assistant', '答案')])])) {
  const queue = [...scripts];
  const deps = {
    send: jest.fn(async (_body: unknown, handlers: StreamHandlers, _signal: AbortSignal) => queue.shift()!(handlers)),
    resume: jest.fn(async (_convId: string, handlers: StreamHandlers) => queue.shift()!(handlers)),
    isRunning: jest.fn(async (_convId: string): Promise<boolean> => false),
    stop: jest.fn(async () => ({ stopped: true })),
    tree: jest.fn(async () => tree),
    selectBranch: jest.fn(async () => null),
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
