import type { StreamRequestBody } from '@qiming/sdk/contracts';
import { fakeApi } from '../testing/fakeApi';
import { PREVIEW_MODEL, PreviewSession } from './PreviewSession';

const texts = { failed: (message: string) => `回答失败：${message}`, stopped: '已停止回答' };
const base = { lastSeq: 0, attempts: 1, mode: 'stream' as const };

describe('PreviewSession', () => {
  it('talks with the draft prompt in one throwaway conversation and deletes it when discarded', async () => {
    const api = fakeApi();
    let round = 0;
    api.send.mockImplementation(async (_body, handlers) => {
      round += 1;
      handlers?.onIds?.({ convGroupId: 'g1', convId: `a${round}` });
      handlers?.onDelta?.('你好', {} as never);
      handlers?.onDelta?.('！', {} as never);
      return { ...base, status: 'done', endedWithoutDone: false, ids: { convGroupId: 'g1', convId: `a${round}` } };
    });
    const session = new PreviewSession(api);
    await session.send(' 你是谁 ', '你是周报助手。', texts);
    await session.send('再说一次', '你是日报助手。', texts);
    const [first, second] = api.send.mock.calls.map((call) => call[0] as StreamRequestBody);
    expect(first).toMatchObject({ model: PREVIEW_MODEL, request: '你是谁', systemPrompt: '你是周报助手。', intelligentCode: null, convGroupId: null, parentConvId: null, search: false });
    expect(second).toMatchObject({ systemPrompt: '你是日报助手。', convGroupId: 'g1', parentConvId: 'a1' });
    expect(session.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', '你是谁'],
      ['assistant', '你好！'],
      ['user', '再说一次'],
      ['assistant', '你好！'],
    ]);
    await session.discard();
    expect(api.removeConversation).toHaveBeenCalledWith('g1');
    expect(session.messages).toEqual([]);
  });

  it('shows a refused answer with its message', async () => {
    const api = fakeApi();
    api.send.mockResolvedValueOnce({ ...base, ids: {}, status: 'cancelled', code: 602, message: '当前积分不足' });
    const session = new PreviewSession(api);
    await session.send('你好', '', texts);
    expect(session.messages[1]).toMatchObject({ failed: true, text: '回答失败：当前积分不足' });
    await session.discard();
    expect(api.removeConversation).not.toHaveBeenCalled();
  });

  it('stops a running answer on the server when discarded mid-answer', async () => {
    const api = fakeApi();
    let finish: () => void = () => {};
    api.send.mockImplementation(
      (_body, handlers, options) =>
        new Promise((resolve) => {
          handlers?.onIds?.({ convGroupId: 'g2', convId: 'a9' });
          finish = () => resolve({ ...base, ids: {}, status: 'aborted', code: 699 });
          options?.signal?.addEventListener('abort', () => finish());
        }),
    );
    const session = new PreviewSession(api);
    const sending = session.send('写一首诗', '你是诗人。', texts);
    expect(session.streaming).toBe(true);
    await session.discard();
    await sending;
    expect(api.stop).toHaveBeenCalledWith('a9');
    expect(api.removeConversation).toHaveBeenCalledWith('g2');
    expect(session.streaming).toBe(false);
  });
});
