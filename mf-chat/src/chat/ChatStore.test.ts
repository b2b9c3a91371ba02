import { BRANCH_PAGE, type ConversationBranch, type ConversationNode } from '@qiming/sdk/contracts';
import { ApiError, STREAM_CODES, type StreamHandlers, type StreamOutcome } from '@qiming/sdk';
import { PROGRESS_STEP_MS } from './liveAnswer';
import { deepTree, fakeServer, node, outcome, setup, treeOf } from './testChatStore';
import { testAgent } from '../agents/testAgent';

jest.mock('@qiming/sdk', () => ({ ...jest.requireActual('@qiming/sdk'), PROGRESS_PREFIXES: ['深度思考', '正在深度思考', '正在搜索', '搜索中'] }));

const FAILED_REPLY = '当前回复生成失败，请重新生成，未生成成功不扣积分。';
const WAIT_NEW_CHAT = '请等待当前对话生成完成或停止当前生成后再新建对话';
const WAIT_HISTORY = '请等待当前对话生成完成或停止当前生成后再查看对话';
const WAIT_STEPS = ['正在连接模型', '模型正在理解你的问题'];

describe('ChatStore: sending', () => {
  it('streams ping, reasoning, progress, deltas, references and follow-ups into the live answer, then shows the saved tree', async () => {
    let seenDuringStream: unknown;
    const { store, deps } = setup([
      (h) => {
        h.onIds!({ convId: 'a1', convGroupId: 'g1' });
        h.onPing!('请稍候');
        h.onReasoning!('想');
        h.onDelta!('正在搜索：长城\n', {});
        h.onReferences!([{ id: '1', title: 'A', url: 'https://a.example' }]);
        h.onDelta!('长城', {});
        h.onDelta!('很长', {});
        h.onFollowUps!(['一', '二', '三']);
        seenDuringStream = { ...store.live, busy: store.busy };
        return outcome({ status: 'done', endedWithoutDone: false, title: '标题' });
      },
    ]);
    await store.send('  介绍长城  ');
    expect(seenDuringStream).toMatchObject({ question: '介绍长城', convId: 'a1', text: '长城很长', reasoning: '想', waitText: '请稍候', followUps: ['一', '二', '三'], busy: true });
    expect((seenDuringStream as { steps: Array<{ text: string }> }).steps.map((s) => s.text)).toEqual([WAIT_STEPS[0], '正在搜索：长城']);
    expect((deps.send.mock.calls[0]![0] as { request: string; parentConvId: null }).request).toBe('介绍长城');
    expect(store.busy).toBe(false);
    expect(store.messages.map((m) => m.node.convId)).toEqual(['q1', 'a1']);
    expect(deps.onConversation).toHaveBeenCalledWith('g1', '标题', null);
  });

  it('sends 联网搜索 only for a model the catalogue says can search (a real channel has no search yet)', async () => {
    const done = () => outcome({ status: 'done', endedWithoutDone: false });
    const { store, deps } = setup([done, done]);
    store.setModelOptions([{ value: 'glm-4-flash', webSearchAvailable: true }, { value: 'gpt-4o', webSearchAvailable: false }]);
    store.setWebSearch(true);
    expect(store.canWebSearch).toBe(true);
    await store.send('今天的新闻');
    store.setModel('gpt-4o');
    expect(store.canWebSearch).toBe(false);
    await store.send('今天的新闻');
    expect(deps.send.mock.calls.map((call) => (call[0] as { search: boolean }).search)).toEqual([true, false]);
  });

  it('ignores empty input and a second send while a reply loads; new chat and history are refused while loading', async () => {
    let release!: (o: StreamOutcome) => void;
    const { store, deps } = setup([() => new Promise((resolve) => (release = resolve))]);
    await store.send('   ');
    expect(deps.send).not.toHaveBeenCalled();
    const sending = store.send('第一条');
    await store.send('第二条');
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(store.newChat()).toBe(false);
    expect(await store.openFromHistory('g2')).toBe(false);
    expect(deps.warn.mock.calls).toEqual([[WAIT_NEW_CHAT], [WAIT_HISTORY]]);
    release(outcome({ status: 'done', endedWithoutDone: false }));
    await sending;
    expect(store.newChat()).toBe(true);
  });

  it('continues after the last answer, regenerates the last question, edits make a sibling question', async () => {
    const done = () => outcome({ status: 'done', endedWithoutDone: false });
    const { store, deps } = setup([done, done, done]);
    await store.openFromHistory('g1');
    await store.send('追问');
    expect(deps.send.mock.calls[0]![0]).toMatchObject({ convGroupId: 'g1', parentConvId: 'a1', request: '追问' });
    await store.regenerate();
    expect(deps.send.mock.calls[1]![0]).toMatchObject({ parentConvId: 'q1', request: '' });
    await store.edit('q1', '改过的问题');
    expect(deps.send.mock.calls[2]![0]).toMatchObject({ parentConvId: null, request: '改过的问题' });
  });

  it('shows a waiting step every 16 s until content arrives; progress lines become steps; content ends the last one', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      let release!: (o: StreamOutcome) => void;
      let handlers!: StreamHandlers;
      const { store } = setup([(h) => ((handlers = h), new Promise((resolve) => (release = resolve)))]);
      const sending = store.send('问题');
      const steps = () => store.live!.steps.map((s) => [s.text, s.startedAt, s.doneAt]);
      expect(steps()).toEqual([[WAIT_STEPS[0], 0, null]]);
      jest.advanceTimersByTime(PROGRESS_STEP_MS);
      expect(steps()).toEqual([[WAIT_STEPS[0], 0, 16_000], [WAIT_STEPS[1], 16_000, null]]);
      jest.advanceTimersByTime(4_000);
      handlers.onDelta!('正在搜索：长城\n', {});
      expect(steps().slice(1)).toEqual([[WAIT_STEPS[1], 16_000, 20_000], ['正在搜索：长城', 20_000, null]]);
      jest.advanceTimersByTime(2_000);
      handlers.onDelta!('长城', {});
      expect(store.live!.steps.at(-1)!.doneAt).toBe(22_000);
      jest.advanceTimersByTime(PROGRESS_STEP_MS * 3);
      expect(store.live!.steps).toHaveLength(3);
      release(outcome({ status: 'done', endedWithoutDone: false }));
      await sending;
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('regenerate has a 500 ms cooldown', async () => {
    const done = () => outcome({ status: 'done', endedWithoutDone: false });
    const { store, deps } = setup([done, done]);
    await store.openFromHistory('g1');
    await store.regenerate();
    await store.regenerate();
    expect(deps.send).toHaveBeenCalledTimes(1);
  });
});

describe('ChatStore: cancel codes (spec chat §4)', () => {
  it('602: warns and shows integralNotEnough; the pay dialog opens only on the entry\'s 充值 (one dialog at a time)', async () => {
    const { store, deps } = setup([() => outcome({ status: 'cancelled', code: STREAM_CODES.insufficientCredits, message: '积分不足，请及时充值' })]);
    await store.send('你好');
    expect(deps.warn).toHaveBeenCalledWith('积分不足，请及时充值');
    expect(deps.openPay).not.toHaveBeenCalled();
    expect(store.notice).toEqual({ kind: 'integralNotEnough' });
    store.topUp();
    expect(deps.openPay).toHaveBeenCalledTimes(1);
  });

  it('608: reloads the conversation and regenerates once', async () => {
    const { store, deps } = setup([() => outcome({ status: 'cancelled', code: STREAM_CODES.reloadConversation, message: '' }), () => outcome({ status: 'cancelled', code: STREAM_CODES.reloadConversation, message: '' })]);
    await store.send('你好');
    expect(deps.send).toHaveBeenCalledTimes(2);
    expect(deps.branch).toHaveBeenCalledWith('g1');
  });

  it('401: refreshes and regenerates; without a refresh, a noLogin entry and the text kept for after login', async () => {
    const first = setup([() => outcome({ status: 'cancelled', code: STREAM_CODES.unauthorized, message: '' }), () => outcome({ status: 'done', endedWithoutDone: false })]);
    first.deps.refreshSession.mockResolvedValue(true);
    await first.store.send('你好');
    expect(first.deps.send).toHaveBeenCalledTimes(2);
    expect(first.store.notice).toBeNull();

    const second = setup([() => outcome({ status: 'cancelled', code: STREAM_CODES.unauthorized, message: '' })]);
    await second.store.send('未发出的话');
    expect(second.store.notice).toEqual({ kind: 'noLogin' });
    expect(second.deps.keepUnsent).toHaveBeenCalledWith('未发出的话');
    expect(second.deps.goToLogin).toHaveBeenCalled();
  });

  it('signed out: nothing is sent, the noLogin entry shows and the unsent text is kept for after login (spec chat §4, §6)', async () => {
    const { store, deps } = setup([]);
    deps.isSignedIn.mockReturnValue(false);
    expect(store.allowSend('  写一首诗  ')).toBe(false);
    expect(store.notice).toEqual({ kind: 'noLogin' });
    expect(deps.keepUnsent).toHaveBeenCalledWith('  写一首诗  ');
    expect(deps.send).not.toHaveBeenCalled();
    // The microphone asks with no text: what was kept before stays kept.
    store.allowSend('');
    expect(deps.keepUnsent).toHaveBeenCalledTimes(1);
    store.goToLogin();
    expect(deps.goToLogin).toHaveBeenCalled();
  });

  it('/chatPage/g-<code> of an agent that does not exist says so (issue 19)', () => {
    const { store, deps } = setup([]);
    store.agentMissing('abc');
    expect(store.notice).toEqual({ kind: 'agentMissing', code: 'abc' });
    expect(deps.warn).toHaveBeenCalledWith('该智能体不存在或已被删除，当前为默认模型对话');
  });

  it('signed in: sending is allowed and no notice appears', () => {
    const { store, deps } = setup([]);
    expect(store.allowSend('你好')).toBe(true);
    expect(store.notice).toBeNull();
    expect(deps.keepUnsent).not.toHaveBeenCalled();
  });

  it('699 is ignored; another code becomes an error with the server message; a transport error the failed-reply text', async () => {
    const { store } = setup([
      () => outcome({ status: 'cancelled', code: STREAM_CODES.cancelled, message: '' }),
      () => outcome({ status: 'cancelled', code: 1901, message: '禁止输入违反中华人民共和国法律法规的内容！' }),
      () => outcome({ status: 'error', code: STREAM_CODES.transport, message: 'network', partial: false }),
    ]);
    await store.send('一');
    expect(store.notice).toBeNull();
    await store.send('二');
    expect(store.notice).toEqual({ kind: 'error', message: '禁止输入违反中华人民共和国法律法规的内容！' });
    await store.send('三');
    expect(store.notice).toEqual({ kind: 'error', message: FAILED_REPLY });
  });

  it('a dropped stream after output resumes from the last chunk instead of starting again', async () => {
    const { store, deps } = setup([
      (h) => {
        h.onIds!({ convId: 'a9', convGroupId: 'g1' });
        h.onDelta!('部分', {});
        return outcome({ status: 'error', code: STREAM_CODES.transport, message: 'network', partial: true, lastSeq: 7 });
      },
      () => outcome({ status: 'done', endedWithoutDone: false }),
    ]);
    await store.send('长问题');
    expect(deps.resume).toHaveBeenCalledWith('a9', expect.anything(), 7, expect.anything());
    expect(deps.send).toHaveBeenCalledTimes(1);
  });

  it('stop aborts the stream and tells the server', async () => {
    let signal!: AbortSignal;
    const { store, deps } = setup([]);
    deps.send.mockImplementation(async (_body: unknown, handlers: StreamHandlers, abort: AbortSignal) => {
      signal = abort;
      handlers.onIds!({ convId: 'a5', convGroupId: 'g1' });
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      return outcome({ status: 'aborted', code: STREAM_CODES.cancelled } as Partial<StreamOutcome> & Pick<StreamOutcome, 'status'>);
    });
    const sending = store.send('写长文');
    await Promise.resolve();
    await store.stop();
    await sending;
    expect(signal.aborted).toBe(true);
    expect(deps.stop).toHaveBeenCalledWith('a5');
    expect(store.busy).toBe(false);
  });
});

describe('ChatStore: history and branches', () => {
  it('opens a conversation thousands of messages deep with its last page, reads the rest as asked, and switches versions at its end', async () => {
    const { store, deps } = setup([], deepTree(3000));
    await store.openFromHistory('g1');
    expect(store.messages).toHaveLength(BRANCH_PAGE.size);
    expect(store.hasEarlier).toBe(true);
    expect(store.messages.at(-1)!.node.convId).toBe('a2999b');
    await store.switchVersion('a2999b', -1);
    expect(store.messages.at(-1)).toMatchObject({ curIndex: 1, chatLen: 2, nextVersion: 'a2999b' });
    expect(store.messages.at(-1)!.node.chatContent[0]!.content).toBe('最后的答案');
    expect(store.messages).toHaveLength(BRANCH_PAGE.size);
    expect(deps.branch).toHaveBeenLastCalledWith('g1', { from: 'a2999' });
    await store.loadWholeBranch();
    expect(store.messages).toHaveLength(3000);
    expect(store.hasEarlier).toBe(false);
    expect(store.messages[0]!.node.convId).toBe('q0');
  });

  it('opening a conversation whose last answer is still generating resumes it (hot stream)', async () => {
    const tree = treeOf([node('q1', 'user', '问题', [node('a1', 'assistant', '', [], { status: 'generating' })])]);
    const { store, deps } = setup([() => outcome({ status: 'done', endedWithoutDone: false })], tree);
    deps.isRunning.mockResolvedValue(true);
    await store.openFromHistory('g1');
    expect(deps.isRunning).toHaveBeenCalledWith('a1');
    expect(deps.resume).toHaveBeenCalledWith('a1', expect.anything(), 0, expect.anything());
  });

  it('switches versions of an answer; previous/next stop at the ends; the server remembers the choice before it shows', async () => {
    const tree = treeOf([node('q1', 'user', '问题', [node('a1', 'assistant', '旧答案'), node('a2', 'assistant', '新答案')])]);
    const { store, deps } = setup([], tree);
    await store.openFromHistory('g1');
    expect(store.messages[1]).toMatchObject({ curIndex: 2, chatLen: 2 });
    await store.switchVersion('a2', 1);
    expect(store.messages[1]!.node.convId).toBe('a2');
    await store.switchVersion('a2', -1);
    expect(store.messages[1]).toMatchObject({ curIndex: 1, chatLen: 2 });
    expect(store.messages[1]!.node.chatContent[0]!.content).toBe('旧答案');
    expect(deps.selectBranch).toHaveBeenCalledWith('a1');
    expect(store.messages.map((m) => m.node.convId)).toEqual(['q1', 'a1']);
  });

  it('a version switch in the middle keeps the messages above it and shows the branch continued from the version', async () => {
    const edited = node('q2b', 'user', '改过的第二问', [node('a2b', 'assistant', '改过的第二答')]);
    const original = node('q2', 'user', '第二问', [node('a2', 'assistant', '第二答', [node('q3', 'user', '第三问', [node('a3', 'assistant', '第三答')])])]);
    const tree = treeOf([node('q1', 'user', '第一问', [node('a1', 'assistant', '第一答', [original, edited], { selectedChild: 1 })])]);
    const { store } = setup([], tree);
    await store.openFromHistory('g1');
    expect(store.messages.map((m) => m.node.convId)).toEqual(['q1', 'a1', 'q2b', 'a2b']);
    await store.switchVersion('q2b', -1);
    expect(store.messages.map((m) => m.node.convId)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3']);
    expect(store.messages[2]).toMatchObject({ curIndex: 1, chatLen: 2, nextVersion: 'q2b' });
  });

  it('a stream that ends without the chunk completing its answer: the end is read again and joined to the pages read above it', async () => {
    const { store, deps } = setup([() => outcome({ status: 'done', endedWithoutDone: false })], deepTree(100));
    await store.openFromHistory('g1');
    await store.loadEarlier();
    expect(store.messages).toHaveLength(80);
    await store.send('再问一句');
    expect(deps.branch).toHaveBeenLastCalledWith('g1');
    expect(store.messages).toHaveLength(80);
    expect(store.hasEarlier).toBe(true);
  });
});

describe('ChatStore: the conversation in the URL', () => {
  const missing = () => new ApiError(1904, '对话不存在或已被删除');

  it('opening from the history pushes its URL; a new chat pushes the URL without one', async () => {
    const { store, deps } = setup([]);
    expect(await store.openFromHistory('g1')).toBe(true);
    expect(deps.showInUrl.mock.calls).toEqual([['g1', 'push']]);
    expect(store.routeGroupId).toBe('g1');
    expect(store.newChat()).toBe(true);
    expect(deps.showInUrl.mock.calls.at(-1)).toEqual([null, 'push']);
    expect(store.routeGroupId).toBeNull();
    expect(store.conversation).toBeNull();
    store.newChat();
    expect(deps.showInUrl).toHaveBeenCalledTimes(2);
  });

  it('the first send of a new chat puts its conversation in the URL, in place, as soon as the stream names it', async () => {
    let seenDuringStream: unknown[] = [];
    const { store, deps } = setup([
      (h) => {
        h.onIds!({ convId: 'a1', convGroupId: 'g1' });
        seenDuringStream = [...deps.showInUrl.mock.calls];
        h.onIds!({ convId: 'a1', convGroupId: 'g1' });
        return outcome({ status: 'done', endedWithoutDone: false, title: '标题' });
      },
    ]);
    await store.send('第一句话');
    expect(seenDuringStream).toEqual([['g1', 'replace']]);
    expect(deps.showInUrl).toHaveBeenCalledTimes(1);
    expect(store.routeGroupId).toBe('g1');
    expect(store.messages.map((m) => m.node.convId)).toEqual(['q1', 'a1']);
  });

  it('the URL opens a conversation without changing the URL; the same one again does nothing; none leaves it', async () => {
    const { store, deps } = setup([]);
    expect(await store.followUrl('g1')).toBe(true);
    expect(store.messages).toHaveLength(2);
    expect(await store.followUrl('g1')).toBe(false);
    expect(deps.branch).toHaveBeenCalledTimes(1);
    await store.followUrl(null);
    expect(store.conversation).toBeNull();
    expect(deps.showInUrl).not.toHaveBeenCalled();
  });

  it('arriving on the URL, a page asked for early is used once — shown at once when it is already there', async () => {
    const { store, deps } = setup([]);
    const page = await deps.branch('g1');
    deps.branch.mockClear();
    deps.earlyBranch.mockReturnValueOnce({ page: Promise.resolve(page), arrived: page });
    const opening = store.followUrl('g1');
    expect(store.messages.map((m) => m.node.convId)).toEqual(['q1', 'a1']);
    expect(store.loadingHistory).toBe(false);
    expect(await opening).toBe(true);
    expect(deps.branch).not.toHaveBeenCalled();
    expect(deps.earlyBranch).toHaveBeenCalledWith('g1');

    // Still on its way: awaited, not asked for again.
    let arrive!: (branch: typeof page) => void;
    deps.earlyBranch.mockReturnValueOnce({ page: new Promise((resolve) => (arrive = resolve)) });
    const again = store.followUrl(null).then(() => store.followUrl('g1'));
    await Promise.resolve();
    expect(store.loadingHistory).toBe(true);
    arrive(page);
    expect(await again).toBe(true);
    expect(deps.branch).not.toHaveBeenCalled();
  });

  it('an unknown id or another user\'s conversation: a notice, a new chat and no conversation in the URL', async () => {
    const { store, deps } = setup([]);
    deps.branch.mockRejectedValueOnce(missing());
    expect(await store.followUrl('not-mine')).toBe(false);
    expect(deps.branch).toHaveBeenCalledWith('not-mine', {}, true);
    expect(store.notice).toEqual({ kind: 'conversationMissing' });
    expect(store.conversation).toBeNull();
    expect(store.routeGroupId).toBeNull();
    expect(deps.showInUrl.mock.calls).toEqual([[null, 'replace']]);
  });

  it('another failure says so (spec chat §8) and keeps the URL for a retry', async () => {
    const { store, deps } = setup([]);
    deps.branch.mockRejectedValueOnce(new ApiError(500, '数据库不可用'));
    await store.followUrl('g1');
    expect(deps.warn).toHaveBeenCalledWith('获取对话历史失败: 数据库不可用');
    expect(store.routeGroupId).toBe('g1');
    expect(store.loadingHistory).toBe(false);
    deps.branch.mockRejectedValueOnce(new ApiError(401, 'expired', 'session'));
    await store.openFromHistory('g2');
    expect(deps.warn).toHaveBeenLastCalledWith('登录已过期，请重新登录');
  });

  it('signed out: the URL is kept and the page asks to log in first, reading nothing', async () => {
    const { store, deps } = setup([]);
    deps.isSignedIn.mockReturnValue(false);
    await store.followUrl('g1');
    expect(store.notice).toEqual({ kind: 'signInToOpen' });
    expect(deps.branch).not.toHaveBeenCalled();
    expect(deps.showInUrl).not.toHaveBeenCalled();
    store.goToLogin();
    expect(deps.goToLogin).toHaveBeenCalled();
  });

  it('while an answer is generated, back / forward change nothing and the URL returns to that conversation', async () => {
    let release!: (o: StreamOutcome) => void;
    const { store, deps } = setup([() => new Promise((resolve) => (release = resolve))]);
    await store.openFromHistory('g1');
    const sending = store.send('问');
    expect(await store.followUrl('g2')).toBe(false);
    expect(deps.warn).toHaveBeenLastCalledWith(WAIT_HISTORY);
    expect(deps.showInUrl.mock.calls.at(-1)).toEqual(['g1', 'replace']);
    await store.followUrl(null);
    expect(deps.warn).toHaveBeenLastCalledWith(WAIT_NEW_CHAT);
    expect(store.convGroupId).toBe('g1');
    release(outcome({ status: 'done', endedWithoutDone: false }));
    await sending;
  });

  it('a conversation asked for later wins over one still loading', async () => {
    const { store, deps } = setup([]);
    let first!: (branch: ConversationBranch) => void;
    const other: ConversationBranch = { group: { ...treeOf([]).group, convGroupId: 'g2', title: '另一个' }, messages: [], hasEarlier: false };
    deps.branch.mockImplementationOnce(() => new Promise((resolve) => (first = resolve))).mockResolvedValueOnce(other);
    const slow = store.followUrl('g1');
    await store.followUrl('g2');
    first((await fakeServer(treeOf([node('q1', 'user', '问题')])).branch('g1')));
    expect(await slow).toBe(false);
    expect(store.convGroupId).toBe('g2');
    expect(store.routeGroupId).toBe('g2');
  });

  it('deleting the conversation shown leaves it for a new chat and takes it out of the URL; deleting another changes nothing', async () => {
    const { store, deps } = setup([]);
    await store.openFromHistory('g1');
    store.conversationDeleted('g-other');
    expect(store.convGroupId).toBe('g1');
    store.conversationDeleted('g1');
    expect(store.conversation).toBeNull();
    expect(deps.showInUrl.mock.calls.at(-1)).toEqual([null, 'replace']);
  });
});

describe('ChatStore: agents', () => {
  it('sends the agent code as model, modelName and intelligentCode, without the user\'s system prompt', async () => {
    const { store, deps } = setup([() => outcome({ status: 'done', endedWithoutDone: false, title: '标题' })]);
    store.selectAgent(testAgent());
    await store.send('写一段开场白');
    expect(deps.send.mock.calls[0]![0]).toMatchObject({ model: 'gpt-4-gizmo-g-writer', modelName: 'gpt-4-gizmo-g-writer', intelligentCode: 'gpt-4-gizmo-g-writer', systemPrompt: '', useHong: false });
    // The history list learns the new conversation's agent (its icon is looked up by code).
    expect(deps.onConversation).toHaveBeenCalledWith('g1', '标题', 'gpt-4-gizmo-g-writer');
  });

  it('removing the agent (banner ×) returns to the model used before it, also after switching agents', async () => {
    const { store, deps } = setup([() => outcome({ status: 'done', endedWithoutDone: false, title: '标题' })]);
    store.selectAgent(testAgent());
    store.selectAgent(testAgent({ code: 'gpt-4-gizmo-g-user-c-7', appName: '我的' }));
    expect(store.model).toBe('gpt-4-gizmo-g-user-c-7');
    store.clearAgent();
    expect(store.agent).toBeNull();
    expect(store.model).toBe('glm-4-flash');
    await store.send('你好');
    expect(deps.send.mock.calls[0]![0]).toMatchObject({ model: 'glm-4-flash', intelligentCode: null });
  });

  it('choosing another model drops the agent; starting a role-play does too', () => {
    const { store } = setup([]);
    store.selectAgent(testAgent());
    store.setModel('gpt-4o');
    expect(store.agent).toBeNull();
    expect(store.model).toBe('gpt-4o');
    store.selectAgent(testAgent());
    store.newChat('hong-1');
    expect(store.agent).toBeNull();
    expect(store.model).toBe('gpt-4o');
  });
});

describe('ChatStore: knowledge bases', () => {
  const done = () => outcome({ status: 'done', endedWithoutDone: false, title: '标题' });

  it('sends knowledgeId while a base is selected, beside the model or an agent, and null once it is removed', async () => {
    const { store, deps } = setup([done, done, done]);
    store.selectKnowledge({ id: 'kb-1', title: '产品手册' });
    await store.send('怎么安装？');
    expect(deps.send.mock.calls[0]![0]).toMatchObject({ knowledgeId: 'kb-1', model: 'glm-4-flash', intelligentCode: null });
    store.selectAgent(testAgent());
    await store.send('再说一遍');
    expect(deps.send.mock.calls[1]![0]).toMatchObject({ knowledgeId: 'kb-1', intelligentCode: 'gpt-4-gizmo-g-writer' });
    store.clearKnowledge();
    expect(store.knowledge).toBeNull();
    expect(store.agent).not.toBeNull();
    await store.send('谢谢');
    expect(deps.send.mock.calls[2]![0]).toMatchObject({ knowledgeId: null });
  });

  it('choosing a base keeps the model and the typed text; a role-play drops the base', () => {
    const { store } = setup([]);
    store.setDraft('半句话');
    store.selectKnowledge({ id: 'kb-1', title: '产品手册' });
    expect(store.model).toBe('glm-4-flash');
    expect(store.draft).toBe('半句话');
    store.newChat('hong-1');
    expect(store.knowledge).toBeNull();
  });
});

describe('ChatStore: the end of an answer', () => {
  const completed = { convGroupId: 'g1', title: '标题', createTime: '2030-01-01T00:01:00.000Z', offlineDemo: true };
  /** A stream the test drives: its handlers, and `end` to finish it. */
  function held() {
    let handlers!: StreamHandlers;
    let end!: (o: StreamOutcome) => void;
    const script = (h: StreamHandlers) => ((handlers = h), new Promise<StreamOutcome>((resolve) => (end = resolve)));
    return { script, handlers: () => handlers, end: (o: StreamOutcome) => end(o) };
  }
  const keys = (store: ReturnType<typeof setup>['store']) => store.rows.map((row) => [row.key, row.live]);
  /** The keys of the turn's rows as first shown, before the stream names its nodes: the rows keep them. */
  const shownKeys = (store: ReturnType<typeof setup>['store']) => store.rows.slice(-2).map((row) => row.key);

  it('the chunk completing the answer ends it — input usable, saved into the branch shown — before the follow-ups and the end; nothing is read again', async () => {
    const stream = held();
    const { store, deps } = setup([stream.script]);
    await store.openFromHistory('g1');
    const sending = store.send('追问');
    const [q2, a2] = shownKeys(store);
    expect([q2, a2]).not.toContain('q2');
    stream.handlers().onIds!({ convId: 'a2', convGroupId: 'g1', parentConvId: 'q2' });
    stream.handlers().onDelta!('第二个答案', {});
    expect(store.busy).toBe(true);
    expect(keys(store)).toEqual([['q1', false], ['a1', false], [q2, false], [a2, true]]);

    stream.handlers().onAnswerComplete!({ ...completed, convId: 'a2', parentConvId: 'q2' });
    expect(store.busy).toBe(false);
    expect(keys(store)).toEqual([['q1', false], ['a1', false], [q2, false], [a2, false]]);
    const [question, answer] = store.messages.slice(-2).map((m) => m.node);
    expect(question).toMatchObject({ convId: 'q2', parentConvId: 'a1', chatContent: [{ role: 'user', content: '追问' }], createTime: completed.createTime });
    expect(answer).toMatchObject({ convId: 'a2', parentConvId: 'q2', status: 'done', offlineDemo: true, createTime: completed.createTime, chatContent: [{ role: 'assistant', content: '第二个答案', followUps: [] }] });
    expect(store.lastStreamedId).toBe('a2');
    expect(deps.onConversation).toHaveBeenCalledWith('g1', '标题', null);

    stream.handlers().onFollowUps!(['再问一', '再问二']);
    expect(store.messages.at(-1)!.node.chatContent[0]!.followUps).toEqual(['再问一', '再问二']);
    stream.end(outcome({ status: 'done', endedWithoutDone: false }));
    await sending;
    expect(deps.branch).toHaveBeenCalledTimes(1); // the open only
    expect(store.messages.at(-1)!.node.chatContent[0]!.followUps).toEqual(['再问一', '再问二']);
  });

  it('a new conversation gets its branch from the completed answer', async () => {
    const stream = held();
    const { store, deps } = setup([stream.script]);
    const sending = store.send('新问题');
    const [q1, a1] = shownKeys(store);
    stream.handlers().onIds!({ convId: 'a1', convGroupId: 'g9', parentConvId: 'q1' });
    stream.handlers().onDelta!('答案', {});
    stream.handlers().onAnswerComplete!({ ...completed, convGroupId: 'g9', convId: 'a1', parentConvId: 'q1', title: '新问题' });
    expect(store.conversation).toMatchObject({ group: { convGroupId: 'g9', title: '新问题' }, hasEarlier: false });
    expect(store.routeGroupId).toBe('g9');
    expect(keys(store)).toEqual([[q1, false], [a1, false]]);
    expect(store.convGroupId).toBe('g9');
    stream.end(outcome({ status: 'done', endedWithoutDone: false }));
    await sending;
    expect(deps.branch).not.toHaveBeenCalled();
    expect(deps.showInUrl.mock.calls).toEqual([['g9', 'replace']]);
  });

  it('a regenerate shows the new version in place of the old one, then saves it as version 2/2', async () => {
    const stream = held();
    const { store } = setup([stream.script]);
    await store.openFromHistory('g1');
    const regenerating = store.regenerate();
    const [, a1b] = shownKeys(store);
    stream.handlers().onIds!({ convId: 'a1b', convGroupId: 'g1', parentConvId: 'q1' });
    expect(keys(store)).toEqual([['q1', false], [a1b, true]]);
    stream.handlers().onDelta!('新版本', {});
    stream.handlers().onAnswerComplete!({ ...completed, convId: 'a1b', parentConvId: 'q1' });
    expect(keys(store)).toEqual([['q1', false], [a1b, false]]);
    expect(store.messages.at(-1)).toMatchObject({ curIndex: 2, chatLen: 2, previousVersion: 'a1', nextVersion: null, node: { convId: 'a1b', parentConvId: 'q1', chatContent: [{ content: '新版本' }] } });
    stream.end(outcome({ status: 'done', endedWithoutDone: false }));
    await regenerating;
  });

  it('a stream that dropped after output goes on as the same turn: what was shown stays, the rest is added, both messages are saved', async () => {
    const resumed = held();
    const dropped = (h: StreamHandlers) => {
      h.onIds!({ convId: 'a2', convGroupId: 'g1', parentConvId: 'q2' });
      h.onDelta!('前半，', {});
      return outcome({ status: 'error', code: STREAM_CODES.transport, message: 'network', partial: true, lastSeq: 4 });
    };
    const { store, deps } = setup([dropped, resumed.script]);
    await store.openFromHistory('g1');
    const sending = store.send('追问');
    const [q2, a2] = shownKeys(store);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the dropped stream's end is handled
    expect(deps.resume).toHaveBeenCalledWith('a2', expect.anything(), 4, expect.anything());
    expect(keys(store)).toEqual([['q1', false], ['a1', false], [q2, false], [a2, true]]);
    expect(store.live!.text).toBe('前半，');
    resumed.handlers().onDelta!('后半。', {});
    resumed.handlers().onAnswerComplete!({ ...completed, convId: 'a2', parentConvId: 'q2' });
    expect(store.messages.slice(-2).map((m) => m.node.chatContent[0]!.content)).toEqual(['追问', '前半，后半。']);
    resumed.end(outcome({ status: 'done', endedWithoutDone: false }));
    await sending;
    expect(deps.branch).toHaveBeenCalledTimes(1); // the open only
  });

  it('a new message may be sent while the last answer still waits for its follow-ups, which then stay with that answer', async () => {
    const first = held();
    const second = held();
    const { store } = setup([first.script, second.script]);
    await store.openFromHistory('g1');
    const sending = store.send('第二问');
    first.handlers().onIds!({ convId: 'a2', convGroupId: 'g1', parentConvId: 'q2' });
    first.handlers().onDelta!('第二答', {});
    first.handlers().onAnswerComplete!({ ...completed, convId: 'a2', parentConvId: 'q2' });
    const next = store.send('第三问');
    second.handlers().onIds!({ convId: 'a3', convGroupId: 'g1', parentConvId: 'q3' });
    first.handlers().onFollowUps!(['二的追问']);
    first.handlers().onDelta!('迟到的文字', {});
    expect(store.live).toMatchObject({ convId: 'a3', text: '' });
    expect(store.messages.find((m) => m.node.convId === 'a2')!.node.chatContent[0]!.followUps).toEqual(['二的追问']);
    first.end(outcome({ status: 'done', endedWithoutDone: false }));
    await sending;
    expect(store.busy).toBe(true);
    second.end(outcome({ status: 'done', endedWithoutDone: false }));
    await next;
  });

  it('a long conversation read a page at a time: the completed turn goes after the pages read, which stay; nothing is read again', async () => {
    const stream = held();
    const { store, deps } = setup([stream.script], deepTree(100));
    await store.openFromHistory('g1');
    await store.loadEarlier();
    expect(store.messages).toHaveLength(80);
    const shown = store.messages.slice();
    const sending = store.send('再问一句');
    stream.handlers().onIds!({ convId: 'a101', convGroupId: 'g1', parentConvId: 'q100' });
    stream.handlers().onDelta!('再答一句', {});
    stream.handlers().onAnswerComplete!({ ...completed, convId: 'a101', parentConvId: 'q100' });
    stream.end(outcome({ status: 'done', endedWithoutDone: false }));
    await sending;
    expect(deps.branch).toHaveBeenCalledTimes(2); // the open and the page above
    expect(store.messages).toHaveLength(82);
    expect(store.hasEarlier).toBe(true);
    expect(store.messages.slice(0, 80).every((m, i) => m === shown[i])).toBe(true);
    expect(store.messages.slice(-2)).toMatchObject([
      { curIndex: 1, chatLen: 1, node: { convId: 'q100', parentConvId: 'a99b', chatContent: [{ content: '再问一句' }] } },
      { curIndex: 1, chatLen: 1, node: { convId: 'a101', parentConvId: 'q100', chatContent: [{ content: '再答一句' }] } },
    ]);
  });

  it('an edited question is saved as the newest version in place of the one shown; when newer versions exist, the end is read again', async () => {
    const stream = held();
    const { store, deps } = setup([stream.script]);
    await store.openFromHistory('g1');
    const editing = store.edit('q1', '改过的问题');
    const [q1e, a1e] = shownKeys(store);
    stream.handlers().onIds!({ convId: 'a1e', convGroupId: 'g1', parentConvId: 'q1e' });
    expect(keys(store)).toEqual([[q1e, false], [a1e, true]]);
    expect(store.rows[0]!.message).toMatchObject({ curIndex: 2, chatLen: 2, previousVersion: 'q1' });
    stream.handlers().onDelta!('新答', {});
    stream.handlers().onAnswerComplete!({ ...completed, convId: 'a1e', parentConvId: 'q1e' });
    stream.end(outcome({ status: 'done', endedWithoutDone: false }));
    await editing;
    expect(deps.branch).toHaveBeenCalledTimes(1);
    expect(store.messages).toMatchObject([
      { curIndex: 2, chatLen: 2, previousVersion: 'q1', nextVersion: null, node: { convId: 'q1e', parentConvId: null } },
      { curIndex: 1, chatLen: 1, node: { convId: 'a1e', parentConvId: 'q1e' } },
    ]);

    const again = held();
    const tree = treeOf([node('q1', 'user', '问题', [node('a1', 'assistant', '旧答案'), node('a2', 'assistant', '新答案')])]);
    const other = setup([again.script], tree);
    await other.store.openFromHistory('g1');
    await other.store.switchVersion('a2', -1);
    const regenerating = other.store.regenerate();
    again.handlers().onIds!({ convId: 'a3', convGroupId: 'g1', parentConvId: 'q1' });
    again.handlers().onAnswerComplete!({ ...completed, convId: 'a3', parentConvId: 'q1' });
    expect(other.store.busy).toBe(true); // a2 is newer than the version shown: its place is not known here
    again.end(outcome({ status: 'done', endedWithoutDone: false }));
    await regenerating;
    expect(other.deps.branch).toHaveBeenLastCalledWith('g1');
    expect(other.store.busy).toBe(false);
  });
});
