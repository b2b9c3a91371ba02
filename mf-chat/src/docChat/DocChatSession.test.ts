import type { ConversationBranch, StreamRequestBody } from '@qiming/sdk/contracts';
import { DOC_CHAT_MODEL, DocChatSession } from './DocChatSession';

const texts = { failed: (message: string) => `回答失败：${message}`, stopped: '已停止回答' };
const reference = { id: '1', title: 'handbook.pdf 第 2 页', url: '/pdfChatPage?kb=kb1&page=2&chunk=c1', page: 2, pageEnd: 2, passageId: 'c1' };

function fakeApi() {
  const bodies: Array<Omit<StreamRequestBody, 'stream'>> = [];
  const api = {
    bodies,
    send: jest.fn(async (body: Omit<StreamRequestBody, 'stream'>, handlers: Record<string, (...args: unknown[]) => void> = {}) => {
      bodies.push(body);
      handlers.onIds?.({ convGroupId: 'g1', convId: `a${bodies.length}` });
      handlers.onReferences?.([reference]);
      handlers.onDelta?.('> 退货需在收到商品后七天内申请 [1]', {});
      handlers.onOfflineDemo?.();
      return { status: 'done', endedWithoutDone: false } as never;
    }),
    stop: jest.fn(async () => ({ stopped: true })),
    branch: jest.fn(async (): Promise<ConversationBranch> => ({
      group: { convGroupId: 'g9', title: '退货', createTime: '', gptsId: null, icon: null, showInput: true },
      hasEarlier: false,
      messages: [
        { node: { convId: 'u1', convGroupId: 'g9', parentConvId: null, gptsId: null, modelName: '', model: '', knowledgeId: 'kb1', knowledgeName: null, chatContent: [{ role: 'user', content: '多久能退？' }], status: 'done', error: null, offlineDemo: false, createTime: '' }, curIndex: 1, chatLen: 1, previousVersion: null, nextVersion: null },
        { node: { convId: 'a9', convGroupId: 'g9', parentConvId: 'u1', gptsId: null, modelName: '', model: '', knowledgeId: 'kb1', knowledgeName: null, chatContent: [{ role: 'assistant', content: '七天内 [1]', references: [reference] }], status: 'done', error: null, offlineDemo: true, createTime: '' }, curIndex: 1, chatLen: 1, previousVersion: null, nextVersion: null },
      ],
    })),
  };
  return api;
}

describe('a conversation with a document', () => {
  it("asks with the document's index and keeps the answer's page citations; the next question follows the answer", async () => {
    const api = fakeApi();
    const session = new DocChatSession(api as never, 'kb1');
    await session.send('多久能退货？', texts);
    expect(api.bodies[0]).toMatchObject({ knowledgeId: 'kb1', model: DOC_CHAT_MODEL, convGroupId: null, parentConvId: null, request: '多久能退货？' });
    expect(session.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(session.messages[1]).toMatchObject({ text: '> 退货需在收到商品后七天内申请 [1]', references: [reference], offlineDemo: true });
    await session.send('发票呢？', texts);
    expect(api.bodies[1]).toMatchObject({ convGroupId: 'g1', parentConvId: 'a1' });
  });

  it('reopens a saved conversation and continues after its last answer', async () => {
    const api = fakeApi();
    const session = new DocChatSession(api as never, 'kb1');
    await session.open('g9');
    expect(session.messages.map((m) => [m.role, m.text, m.references.length])).toEqual([
      ['user', '多久能退？', 0],
      ['assistant', '七天内 [1]', 1],
    ]);
    await session.send('还有呢？', texts);
    expect(api.bodies[0]).toMatchObject({ convGroupId: 'g9', parentConvId: 'a9' });
  });

  it('says why an answer failed', async () => {
    const api = fakeApi();
    api.send.mockResolvedValueOnce({ status: 'cancelled', code: 602, message: '积分不足' } as never);
    const session = new DocChatSession(api as never, 'kb1');
    await session.send('问题', texts);
    expect(session.messages[1]).toMatchObject({ failed: true, text: '回答失败：积分不足' });
    expect(session.streaming).toBe(false);
  });
});
