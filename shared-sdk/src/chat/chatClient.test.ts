/**
 * @jest-environment node
 */
import { DONE, delta, frame, installBrowserGlobals, openStream, startServer, writeApart, type TestServer } from '../stream/testServer';
import { buildStreamBody } from '../stream/body';
import { createChatClient, type ChatClientDeps } from './chatClient';

const body = buildStreamBody({
  recentChatLen: 4,
  model: 'glm-4-flash',
  search: false,
  convGroupId: null,
  parentConvId: null,
  request: '你好',
  useContext: true,
  modelName: 'glm-4-flash',
  useHong: false,
  knowledgeId: null,
  intelligentCode: null,
  uploadedFiles: [],
});

describe('chat client', () => {
  let server: TestServer | undefined;
  beforeAll(() => void installBrowserGlobals());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function client(overrides: Partial<ChatClientDeps> = {}) {
    const deps = {
      streamTarget: jest.fn(async () => server!.transport),
      get: jest.fn(async () => null),
      refreshPoints: jest.fn(async () => undefined),
      onInsufficientPoints: jest.fn(),
      ...overrides,
    } satisfies ChatClientDeps;
    return { chat: createChatClient(deps), deps };
  }

  it('refreshes the balance after a generation ends (the server settled before done)', async () => {
    server = await startServer(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame({ ...delta('答', { convId: 'c1', convGroupId: 'g1' }), seq: 1 }), DONE]);
    });
    const { chat, deps } = client();
    const outcome = await chat.send(body);
    expect(outcome).toMatchObject({ status: 'done', lastSeq: 1 });
    expect(deps.refreshPoints).toHaveBeenCalledTimes(1);
    expect(deps.onInsufficientPoints).not.toHaveBeenCalled();
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ stream: true, model: 'glm-4-flash' });
  });

  it('refreshes the balance once, when the answer completes — before its follow-ups and the end', async () => {
    let sendRest!: () => void;
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    server = await startServer(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame({ ...delta('答', { convId: 'c1', convGroupId: 'g1' }), seq: 1 }), frame({ ...delta('', { title: '标题' }), seq: 2, answerComplete: true })]);
      await rest;
      await writeApart(res, [frame({ type: 'follow_up', choices: [{ delta: { content: '再问一个' } }], seq: 3 }), DONE]);
      res.end();
    });
    const { chat, deps } = client();
    let refreshedAtCompletion = -1;
    const onAnswerComplete = jest.fn(() => {
      refreshedAtCompletion = jest.mocked(deps.refreshPoints).mock.calls.length;
      sendRest();
    });
    const outcome = await chat.send(body, { onAnswerComplete });
    expect(outcome).toMatchObject({ status: 'done', lastSeq: 3 });
    expect(onAnswerComplete).toHaveBeenCalledTimes(1);
    expect(refreshedAtCompletion).toBe(1);
    expect(deps.refreshPoints).toHaveBeenCalledTimes(1);
  });

  it('a 602 ending reaches the host notice, and the balance is re-read', async () => {
    server = await startServer(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame({ code: 602, error: '积分不足，请及时充值' }), DONE]);
    });
    const { chat, deps } = client();
    const outcome = await chat.send(body);
    expect(outcome).toMatchObject({ status: 'cancelled', code: 602 });
    expect(deps.onInsufficientPoints).toHaveBeenCalledWith('积分不足，请及时充值');
    expect(deps.refreshPoints).toHaveBeenCalledTimes(1);
  });

  it('resume asks for the chunks after the given seq and refreshes afterwards too', async () => {
    server = await startServer(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame({ ...delta('续'), seq: 5 }), DONE]);
    });
    const { chat, deps } = client();
    await chat.resume('c9', {}, { after: 4 });
    expect(server.requests[0]!.url).toBe('/app-api/backend-api/resumeStream?convId=c9&after=4');
    expect(deps.refreshPoints).toHaveBeenCalledTimes(1);
  });

  it('stop and check go through the signed GET; a disabled client answers "not running" / "not stopped"', async () => {
    const get = jest.fn(async (path: string) => ({ code: 0, msg: '', data: path.endsWith('stopChatId') ? { stopped: true } : true }));
    const { chat, deps } = client({ get: get as ChatClientDeps['get'] });
    expect(await chat.isRunning('c1')).toBe(true);
    expect(await chat.stop('c1')).toEqual({ stopped: true });
    expect(get.mock.calls).toEqual([
      ['backend-api/checkChatId', { chatId: 'c1' }],
      ['backend-api/stopChatId', { chatId: 'c1' }],
    ]);
    expect(deps.refreshPoints).toHaveBeenCalledTimes(1);
    const disabled = client().chat;
    expect(await disabled.isRunning('c1')).toBe(false);
    expect(await disabled.stop('c1')).toEqual({ stopped: false });
    await expect(disabled.models()).rejects.toThrow();
  });
});
