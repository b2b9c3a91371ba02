import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BRANCH_PAGE, type ConversationBranch, type ConversationNode, type ConversationTree } from '@qiming/contracts';
import type { KyselyPlugin } from 'kysely';
import { AppError } from '../../http/envelope.js';
import { createUser, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { createConversationsService, type ConversationsService, type Turn, type TurnInput } from './index.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const refusedWith = (code: number, msg?: string) => (error: unknown) => error instanceof AppError && error.code === code && (msg === undefined || error.message === msg);
const NOT_FOUND = refusedWith(1904, '对话不存在或已被删除');
const NO_PARENT = refusedWith(1905, '要回复的消息不存在，请刷新后重试');

const turn = (fields: Partial<TurnInput> & Pick<TurnInput, 'request'>): TurnInput => ({
  convGroupId: null,
  parentConvId: null,
  model: 'gpt-4o-mini',
  modelName: 'GPT-4o mini',
  gptsId: null,
  knowledgeId: null,
  knowledgeName: null,
  icon: null,
  ...fields,
});

/** The texts of a page of the branch. */
const texts = (branch: ConversationBranch) => branch.messages.map((m) => m.node.chatContent[0]!.content);

/** The texts of the branch the client shows, from the selected root down. */
function shownBranch(tree: ConversationTree): string[] {
  const texts: string[] = [];
  for (let node: ConversationNode | undefined = tree.roots[tree.selectedRoot]; node; node = node.childs[node.selectedChild]) texts.push(node.chatContent[0]!.content);
  return texts;
}

describe(`conversation history (${DB})`, () => {
  let t: TestApp;
  let service: ConversationsService;
  const clock = new TestClock(new Date('2030-01-10T04:00:00.000Z'));
  /** Every step a second later, so activity order never ties. */
  const tick = () => clock.advance(1000);
  before(async () => {
    t = await createTestApp();
    service = createConversationsService(t.app.db.db, clock.now);
  });
  after(() => t.close());

  const nodeCount = async (groupId?: string) => {
    let query = t.app.db.db.selectFrom('conversation_nodes').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (groupId) query = query.where('group_id', '=', groupId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  /** A conversation of `rounds` questions 问1, 问2… answered 答1, 答2…, one after another. */
  const conversationOf = async (user: string, rounds: number) => {
    const turns: Turn[] = [];
    let group: string | null = null;
    for (let i = 1; i <= rounds; i++) {
      tick();
      const started = await service.startTurn(user, turn({ convGroupId: group, parentConvId: turns.at(-1)?.assistantNodeId ?? null, request: `问${i}` }));
      await service.finishAnswer(started.assistantNodeId, { content: `答${i}`, status: 'done' });
      group = started.group.convGroupId;
      turns.push(started);
    }
    return { group: group!, turns };
  };
  /** The service over the same database, counting the rows it reads with a message's content, and all rows. */
  const contentReads = () => {
    let rows = 0;
    let all = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        rows += args.result.rows.filter((row) => Object.hasOwn(row, 'content')).length;
        all += args.result.rows.length;
        return args.result;
      },
    };
    return { service: createConversationsService(t.app.db.db.withPlugin(counter), clock.now), rows: () => rows, allRows: () => all, reset: () => (rows = all = 0) };
  };
  /** A conversation of one question answered `answer`. */
  const answered = async (user: string, request: string, answer = `答：${request}`) => {
    tick();
    const started = await service.startTurn(user, turn({ request }));
    assert.equal(await service.finishAnswer(started.assistantNodeId, { content: answer, status: 'done' }), true);
    return started;
  };

  it('a first message starts a group titled from it, with a generating answer selected under it', async () => {
    const user = await createUser(t.app);
    tick();
    const input = turn({ request: '## 帮我写一封**请假**邮件\n内容：三天', gptsId: 'g-1', icon: 'https://x/icon.png', knowledgeId: 'k1', knowledgeName: '手册' });
    assert.deepEqual(await service.previewTurn(user, input, 8), [{ role: 'user', content: '## 帮我写一封**请假**邮件\n内容：三天' }]);
    const started = await service.startTurn(user, input);
    assert.equal(started.isNewGroup, true);
    assert.deepEqual(started.group, { convGroupId: started.group.convGroupId, title: '帮我写一封请假邮件', createTime: clock.now().toISOString(), gptsId: 'g-1', icon: 'https://x/icon.png', showInput: true });
    assert.notEqual(started.assistantNodeId, started.userNode.id);

    const tree = await service.tree(user, started.group.convGroupId);
    assert.deepEqual(tree.group, started.group);
    assert.equal(tree.roots.length, 1);
    assert.equal(tree.selectedRoot, 0);
    const [question] = tree.roots;
    assert.deepEqual({ ...question!, childs: undefined }, {
      convId: started.userNode.id,
      convGroupId: started.group.convGroupId,
      parentConvId: null,
      gptsId: 'g-1',
      modelName: 'GPT-4o mini',
      model: 'gpt-4o-mini',
      knowledgeId: 'k1',
      knowledgeName: '手册',
      chatContent: [{ role: 'user', content: '## 帮我写一封**请假**邮件\n内容：三天' }],
      status: 'done',
      error: null,
      offlineDemo: false,
      createTime: clock.now().toISOString(),
      selectedChild: 0,
      childs: undefined,
    });
    const [answer] = question!.childs;
    assert.equal(answer!.convId, started.assistantNodeId);
    assert.equal(answer!.parentConvId, started.userNode.id);
    assert.equal(answer!.status, 'generating');
    assert.deepEqual(answer!.chatContent, [{ role: 'assistant', content: '', reasoning: '', references: [], followUps: [] }]);
    assert.deepEqual(answer!.childs, []);
    assert.deepEqual((await service.groups(user)).map((g) => g.convGroupId), [started.group.convGroupId]);
  });

  it('continues after an answer: a new user message under it, the history the branch before it', async () => {
    const user = await createUser(t.app);
    const first = await answered(user, '第一问');
    tick();
    const input = turn({ convGroupId: first.group.convGroupId, parentConvId: first.assistantNodeId, request: '第二问', model: 'deepseek-chat', modelName: 'DeepSeek', icon: 'ignored' });
    assert.deepEqual(await service.previewTurn(user, input, 8), [
      { role: 'user', content: '第一问' },
      { role: 'assistant', content: '答：第一问' },
      { role: 'user', content: '第二问' },
    ]);
    const second = await service.startTurn(user, input);
    assert.equal(second.isNewGroup, false);
    assert.equal(second.group.convGroupId, first.group.convGroupId);
    assert.equal(second.group.title, '第一问');
    assert.equal(second.group.icon, null, 'the icon of an existing group stays');
    const tree = await service.tree(user, first.group.convGroupId);
    assert.deepEqual(shownBranch(tree), ['第一问', '答：第一问', '第二问', '']);
    const secondQuestion = tree.roots[0]!.childs[0]!.childs[0]!;
    assert.equal(secondQuestion.model, 'deepseek-chat');
    assert.equal(secondQuestion.childs[0]!.modelName, 'DeepSeek');
  });

  it('regenerates: a user node as parent gives a sibling answer, selected, with no new user message', async () => {
    const user = await createUser(t.app);
    const first = await answered(user, '讲个笑话', '笑话一');
    const group = first.group.convGroupId;
    const regeneration = (model = 'gpt-4o') => turn({ convGroupId: group, parentConvId: first.userNode.id, request: '这段会被忽略', model });
    const regenerate = async (model?: string) => {
      tick();
      return service.startTurn(user, regeneration(model));
    };
    assert.deepEqual(await service.previewTurn(user, regeneration(), 8), [{ role: 'user', content: '讲个笑话' }]);
    const again = await regenerate();
    assert.deepEqual(again.userNode, first.userNode);
    await service.finishAnswer(again.assistantNodeId, { content: '笑话二', status: 'done' });
    assert.equal(await nodeCount(group), 3);

    let tree = await service.tree(user, group);
    const question = () => tree.roots[0]!;
    assert.deepEqual(question().childs.map((c) => c.chatContent[0]!.content), ['笑话一', '笑话二']);
    assert.deepEqual(question().childs.map((c) => c.model), ['gpt-4o-mini', 'gpt-4o']);
    assert.equal(question().selectedChild, 1, 'the new answer is shown');

    await service.selectBranch(user, first.assistantNodeId);
    tree = await service.tree(user, group);
    assert.equal(question().selectedChild, 0, 'the branch chosen with previous/next is remembered');

    const third = await regenerate();
    tree = await service.tree(user, group);
    assert.deepEqual(question().childs.map((c) => c.convId), [first.assistantNodeId, again.assistantNodeId, third.assistantNodeId]);
    assert.equal(question().selectedChild, 2);
  });

  it('edits: the edited text under the same parent is a sibling user message, and the history follows that branch only', async () => {
    const user = await createUser(t.app);
    const first = await answered(user, '问题一');
    const group = first.group.convGroupId;
    tick();
    const original = await service.startTurn(user, turn({ convGroupId: group, parentConvId: first.assistantNodeId, request: '问题二' }));
    await service.finishAnswer(original.assistantNodeId, { content: '答：问题二', status: 'done' });
    tick();
    const edit = turn({ convGroupId: group, parentConvId: first.assistantNodeId, request: '问题二（改）' });
    assert.deepEqual((await service.previewTurn(user, edit, 8)).map((m) => m.content), ['问题一', '答：问题一', '问题二（改）']);
    const edited = await service.startTurn(user, edit);
    await service.finishAnswer(edited.assistantNodeId, { content: '答：问题二（改）', status: 'done' });

    let tree = await service.tree(user, group);
    const firstAnswer = () => tree.roots[0]!.childs[0]!;
    assert.deepEqual(firstAnswer().childs.map((c) => c.chatContent[0]!.content), ['问题二', '问题二（改）']);
    assert.equal(firstAnswer().selectedChild, 1);
    assert.deepEqual(shownBranch(tree), ['问题一', '答：问题一', '问题二（改）', '答：问题二（改）']);

    // Continuing below the other branch selects it all the way up again.
    tick();
    const third = turn({ convGroupId: group, parentConvId: original.assistantNodeId, request: '问题三' });
    assert.deepEqual((await service.previewTurn(user, third, 8)).map((m) => m.content), ['问题一', '答：问题一', '问题二', '答：问题二', '问题三']);
    await service.startTurn(user, third);
    tree = await service.tree(user, group);
    assert.equal(firstAnswer().selectedChild, 0);
    assert.deepEqual(shownBranch(tree), ['问题一', '答：问题一', '问题二', '答：问题二', '问题三', '']);

    // Editing the first question: a second root.
    tick();
    const rootEdit = turn({ convGroupId: group, parentConvId: null, request: '问题一（改）' });
    assert.deepEqual(await service.previewTurn(user, rootEdit, 8), [{ role: 'user', content: '问题一（改）' }]);
    await service.startTurn(user, rootEdit);
    tree = await service.tree(user, group);
    assert.deepEqual(tree.roots.map((r) => r.chatContent[0]!.content), ['问题一', '问题一（改）']);
    assert.equal(tree.selectedRoot, 1);
    await service.selectBranch(user, first.userNode.id);
    tree = await service.tree(user, group);
    assert.equal(tree.selectedRoot, 0);
    assert.deepEqual(shownBranch(tree), ['问题一', '答：问题一', '问题二', '答：问题二', '问题三', ''], 'every level remembers its branch');
  });

  it('leaves failed and empty answers out of the history', async () => {
    const user = await createUser(t.app);
    tick();
    const first = await service.startTurn(user, turn({ request: '问一' }));
    await service.finishAnswer(first.assistantNodeId, { content: '半截', status: 'failed', error: '上游错误' });
    tick();
    const second = await service.startTurn(user, turn({ convGroupId: first.group.convGroupId, parentConvId: first.assistantNodeId, request: '问二' }));
    await service.finishAnswer(second.assistantNodeId, { content: '', status: 'stopped' });
    tick();
    const third = await service.startTurn(user, turn({ convGroupId: first.group.convGroupId, parentConvId: second.assistantNodeId, request: '问三' }));
    await service.finishAnswer(third.assistantNodeId, { content: '停在这里', status: 'stopped' });
    tick();
    assert.deepEqual(await service.previewTurn(user, turn({ convGroupId: first.group.convGroupId, parentConvId: third.assistantNodeId, request: '问四' }), 8), [
      { role: 'user', content: '问一' },
      { role: 'user', content: '问二' },
      { role: 'user', content: '问三' },
      { role: 'assistant', content: '停在这里' },
      { role: 'user', content: '问四' },
    ]);
  });

  it('refuses another user’s or a missing group with 1904 and writes nothing', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const first = await answered(owner, '我的对话');
    const before = await nodeCount();
    await assert.rejects(service.startTurn(stranger, turn({ convGroupId: first.group.convGroupId, parentConvId: first.assistantNodeId, request: '偷看' })), NOT_FOUND);
    await assert.rejects(service.startTurn(stranger, turn({ convGroupId: first.group.convGroupId, request: '偷看' })), NOT_FOUND);
    await assert.rejects(service.startTurn(owner, turn({ convGroupId: randomUUID(), request: '不存在' })), NOT_FOUND);
    await assert.rejects(service.tree(stranger, first.group.convGroupId), NOT_FOUND);
    await assert.rejects(service.tree(owner, 'not-an-id'), NOT_FOUND);
    await assert.rejects(service.selectBranch(stranger, first.userNode.id), NOT_FOUND);
    await assert.rejects(service.selectBranch(owner, randomUUID()), NOT_FOUND);
    await assert.rejects(service.changeTitle(stranger, first.group.convGroupId, '改名'), NOT_FOUND);
    await assert.rejects(service.deleteGroup(stranger, first.group.convGroupId), NOT_FOUND);
    assert.equal(await nodeCount(), before);
    assert.deepEqual(await service.groups(stranger), []);
    assert.equal((await service.tree(owner, first.group.convGroupId)).group.title, '我的对话');
  });

  it('refuses a parent that is missing, in another group, still generating or given without a group with 1905', async () => {
    const user = await createUser(t.app);
    const one = await answered(user, '对话一');
    const other = await answered(user, '对话二');
    const group = one.group.convGroupId;
    const groupsBefore = (await service.groups(user)).length;
    const before = await nodeCount();
    await assert.rejects(service.startTurn(user, turn({ convGroupId: group, parentConvId: randomUUID(), request: '继续' })), NO_PARENT);
    await assert.rejects(service.startTurn(user, turn({ convGroupId: group, parentConvId: other.assistantNodeId, request: '继续' })), NO_PARENT);
    await assert.rejects(service.startTurn(user, turn({ convGroupId: group, parentConvId: other.userNode.id, request: '继续' })), NO_PARENT);
    await assert.rejects(service.startTurn(user, turn({ convGroupId: null, parentConvId: one.assistantNodeId, request: '继续' })), NO_PARENT);

    tick();
    const running = await service.startTurn(user, turn({ convGroupId: group, parentConvId: one.assistantNodeId, request: '还在生成' }));
    const afterRunning = await nodeCount();
    await assert.rejects(service.startTurn(user, turn({ convGroupId: group, parentConvId: running.assistantNodeId, request: '太快了' })), NO_PARENT);
    await assert.rejects(service.startTurn(user, turn({ convGroupId: group, parentConvId: one.assistantNodeId, request: '  \n ' })), refusedWith(1903, '请输入要发送的内容'));
    await assert.rejects(service.startTurn(user, turn({ request: '' })), refusedWith(1903));
    assert.equal(await nodeCount(), afterRunning);
    assert.equal(afterRunning, before + 2);
    assert.equal((await service.groups(user)).length, groupsBefore, 'a refused first message leaves no group behind');

    // Regenerating while another answer to the same message still runs is allowed.
    tick();
    const parallel = await service.startTurn(user, turn({ convGroupId: group, parentConvId: running.userNode.id, request: '' }));
    assert.equal(parallel.userNode.id, running.userNode.id);
  });

  it('simultaneous regenerates of one message each get their own sibling position', async () => {
    const user = await createUser(t.app);
    const first = await answered(user, '并发');
    tick();
    const turns = await Promise.all(Array.from({ length: 6 }, () => service.startTurn(user, turn({ convGroupId: first.group.convGroupId, parentConvId: first.userNode.id, request: '' }))));
    const rows = await t.app.db.db.selectFrom('conversation_nodes').select(['id', 'seq']).where('parent_id', '=', first.userNode.id).orderBy('seq').execute();
    assert.deepEqual(rows.map((r) => r.seq), [0, 1, 2, 3, 4, 5, 6]);
    const tree = await service.tree(user, first.group.convGroupId);
    assert.deepEqual(new Set(tree.roots[0]!.childs.map((c) => c.convId)), new Set([first.assistantNodeId, ...turns.map((x) => x.assistantNodeId)]));
  });

  it('finishAnswer stores the answer once, only while it is generating', async () => {
    const user = await createUser(t.app);
    tick();
    const started = await service.startTurn(user, turn({ request: '搜索一下' }));
    tick();
    const references = [{ id: '1', title: '来源', url: 'https://example.com/a', urlIcon: 'https://example.com/favicon.ico' }];
    assert.equal(
      await service.finishAnswer(started.assistantNodeId, {
        content: '答案',
        reasoning: '想了想',
        references,
        followUps: ['追问一', '追问二'],
        status: 'done',
        offlineDemo: true,
        usage: { inputTokens: 12, outputTokens: 34 },
      }),
      true,
    );
    assert.equal(await service.finishAnswer(started.assistantNodeId, { content: '第二次', status: 'failed', error: '晚了' }), false);
    const [answer] = (await service.tree(user, started.group.convGroupId)).roots[0]!.childs;
    assert.deepEqual(answer!.chatContent, [{ role: 'assistant', content: '答案', reasoning: '想了想', references, followUps: ['追问一', '追问二'] }]);
    assert.deepEqual([answer!.status, answer!.error, answer!.offlineDemo], ['done', null, true]);
    const row = await t.app.db.db.selectFrom('conversation_nodes').select(['usage', 'finished_at']).where('id', '=', started.assistantNodeId).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.usage!), { inputTokens: 12, outputTokens: 34 });
    assert.equal(row.finished_at, clock.now().toISOString());

    assert.equal(await service.finishAnswer(started.userNode.id, { content: 'x', status: 'done' }), false, 'a user message is never generating');
    assert.equal(await service.finishAnswer(randomUUID(), { content: 'x', status: 'done' }), false);

    tick();
    const orphan = await service.startTurn(user, turn({ request: '马上删除' }));
    await service.deleteGroup(user, orphan.group.convGroupId);
    assert.equal(await service.finishAnswer(orphan.assistantNodeId, { content: '没人要了', status: 'done' }), false);
  });

  it('failGenerating fails only the answers still generating', async () => {
    const user = await createUser(t.app);
    tick();
    const a = await service.startTurn(user, turn({ request: '一' }));
    const b = await service.startTurn(user, turn({ request: '二' }));
    const c = await service.startTurn(user, turn({ request: '三' }));
    await service.finishAnswer(c.assistantNodeId, { content: '完成', status: 'done' });
    assert.equal(await service.failGenerating([a.assistantNodeId, b.assistantNodeId, c.assistantNodeId, a.userNode.id, randomUUID()], '服务重启，生成中断'), 2);
    assert.equal(await service.failGenerating([a.assistantNodeId], '再次'), 0);
    assert.equal(await service.failGenerating([], '无'), 0);
    const statusOf = async (started: typeof a) => {
      const [answer] = (await service.tree(user, started.group.convGroupId)).roots[0]!.childs;
      return [answer!.status, answer!.error];
    };
    assert.deepEqual(await statusOf(a), ['failed', '服务重启，生成中断']);
    assert.deepEqual(await statusOf(b), ['failed', '服务重启，生成中断']);
    assert.deepEqual(await statusOf(c), ['done', null]);
    assert.equal(await service.finishAnswer(a.assistantNodeId, { content: '迟到', status: 'done' }), false);
  });

  it('lists groups by latest activity and pages them', async () => {
    const user = await createUser(t.app);
    const started = [];
    for (const request of ['一', '二', '三', '四', '五']) started.push(await answered(user, request));
    assert.deepEqual((await service.groups(user)).map((g) => g.title), ['五', '四', '三', '二', '一']);

    tick();
    await service.startTurn(user, turn({ convGroupId: started[1]!.group.convGroupId, parentConvId: started[1]!.assistantNodeId, request: '接着聊' }));
    assert.deepEqual((await service.groups(user)).map((g) => g.title), ['二', '五', '四', '三', '一']);
    tick();
    await service.startTurn(user, turn({ convGroupId: started[0]!.group.convGroupId, parentConvId: started[0]!.userNode.id, request: '' }));
    assert.deepEqual((await service.groups(user)).map((g) => g.title), ['一', '二', '五', '四', '三'], 'a regenerate is activity too');

    const titles = async (pageNo: number, pageSize: number) => {
      const page = await service.groupsPage(user, pageNo, pageSize);
      return [page.total, ...page.list.map((g) => g.title)];
    };
    assert.deepEqual(await titles(1, 2), [5, '一', '二']);
    assert.deepEqual(await titles(2, 2), [5, '五', '四']);
    assert.deepEqual(await titles(3, 2), [5, '三']);
    assert.deepEqual(await titles(4, 2), [5]);
    assert.deepEqual((await service.groupsPage(user)).list.length, 5);
    assert.deepEqual(await service.groupsPage(await createUser(t.app)), { list: [], total: 0 });
  });

  it('changeTitle trims, cuts at 100 characters and ignores empty or unchanged titles', async () => {
    const user = await createUser(t.app);
    const { group } = await answered(user, '原来的标题');
    const titleNow = async () => (await service.tree(user, group.convGroupId)).group.title;
    await service.changeTitle(user, group.convGroupId, '  新标题 \n ');
    assert.equal(await titleNow(), '新标题');
    await service.changeTitle(user, group.convGroupId, '   ');
    await service.changeTitle(user, group.convGroupId, '');
    assert.equal(await titleNow(), '新标题');
    await service.changeTitle(user, group.convGroupId, '新标题');
    assert.equal(await titleNow(), '新标题');
    await service.changeTitle(user, group.convGroupId, '长'.repeat(150));
    assert.equal(await titleNow(), '长'.repeat(100));
    await service.changeTitle(user, group.convGroupId, '多行\n标题');
    assert.equal(await titleNow(), '多行 标题');
    assert.deepEqual((await service.groups(user)).map((g) => g.convGroupId), [group.convGroupId]);
  });

  it('deletes one group or all of a user’s, with their nodes, and no other user’s', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const mine = [await answered(user, '一'), await answered(user, '二'), await answered(user, '三')];
    const theirs = await answered(other, '别人的');
    tick();
    await service.startTurn(user, turn({ convGroupId: mine[0]!.group.convGroupId, parentConvId: mine[0]!.assistantNodeId, request: '深一层' }));
    const otherNodes = await nodeCount(theirs.group.convGroupId);

    assert.deepEqual(await service.deleteGroup(user, mine[0]!.group.convGroupId), { deleted: 1 });
    assert.equal(await nodeCount(mine[0]!.group.convGroupId), 0);
    await assert.rejects(service.deleteGroup(user, mine[0]!.group.convGroupId), NOT_FOUND, 'already deleted');
    await assert.rejects(service.tree(user, mine[0]!.group.convGroupId), NOT_FOUND);
    await assert.rejects(service.startTurn(user, turn({ convGroupId: mine[0]!.group.convGroupId, parentConvId: mine[0]!.assistantNodeId, request: '还在吗' })), NOT_FOUND);
    assert.deepEqual((await service.groups(user)).map((g) => g.title), ['三', '二']);

    assert.deepEqual(await service.deleteGroup(user, 'all'), { deleted: 2 });
    assert.deepEqual(await service.groups(user), []);
    assert.equal(await nodeCount(mine[1]!.group.convGroupId), 0);
    assert.equal(await nodeCount(mine[2]!.group.convGroupId), 0);
    assert.deepEqual(await service.deleteGroup(user, 'all'), { deleted: 0 });

    assert.deepEqual((await service.groups(other)).map((g) => g.title), ['别人的']);
    assert.equal(await nodeCount(theirs.group.convGroupId), otherNodes);
  });

  it('the tree shows the newest branch when none was selected', async () => {
    const user = await createUser(t.app);
    const first = await answered(user, '选择');
    tick();
    const second = await service.startTurn(user, turn({ convGroupId: first.group.convGroupId, parentConvId: first.userNode.id, request: '' }));
    // A selection that points nowhere (as after a hand repair of the data) falls back to the newest.
    await t.app.db.db.updateTable('conversation_nodes').set({ selected_child_id: null }).where('id', '=', first.userNode.id).execute();
    await t.app.db.db.updateTable('conversation_groups').set({ selected_root_id: randomUUID() }).where('id', '=', first.group.convGroupId).execute();
    const tree = await service.tree(user, first.group.convGroupId);
    assert.equal(tree.selectedRoot, 0);
    assert.equal(tree.roots[0]!.selectedChild, 1);
    assert.equal(tree.roots[0]!.childs[1]!.convId, second.assistantNodeId);
    assert.equal(tree.roots[0]!.childs[1]!.selectedChild, 0, 'no children: 0');
    const branch = await service.branch(user, first.group.convGroupId);
    assert.deepEqual(branch.messages.map((m) => m.node.convId), [first.userNode.id, second.assistantNodeId], 'the branch call follows the same rule');
  });
  it('the history holds only the memory rounds asked for, read without the rest of the branch; recording a turn reads no contents', async () => {
    const user = await createUser(t.app);
    const { group, turns } = await conversationOf(user, 12);
    const last = turns.at(-1)!;
    const spy = contentReads();
    const next = turn({ convGroupId: group, parentConvId: last.assistantNodeId, request: '问13' });
    assert.deepEqual((await spy.service.previewTurn(user, next, 2)).map((m) => m.content), ['问11', '答11', '问12', '答12', '问13']);
    assert.equal(spy.rows(), 4, 'two rounds read with their contents, not 24 messages');
    spy.reset();
    assert.deepEqual((await spy.service.previewTurn(user, next, 0)).map((m) => m.content), ['问13']);
    assert.equal(spy.rows(), 0);
    spy.reset();
    const regeneration = turn({ convGroupId: group, parentConvId: last.userNode.id, request: '' });
    assert.deepEqual((await spy.service.previewTurn(user, regeneration, 1)).map((m) => m.content), ['问11', '答11', '问12']);
    assert.equal(spy.rows(), 3);
    assert.equal((await service.previewTurn(user, turn({ convGroupId: group, parentConvId: turns[1]!.assistantNodeId, request: '问3' }), 8)).length, 5, 'fewer rounds than asked: the whole branch');

    spy.reset();
    tick();
    await spy.service.startTurn(user, next);
    assert.equal(spy.rows(), 0, 'startTurn reads no message contents');
    // The path is walked in the database: as many rows come back for 24 messages as for 2.
    const rowsForLong = spy.allRows();
    const short = await conversationOf(user, 1);
    spy.reset();
    tick();
    await spy.service.startTurn(user, turn({ convGroupId: short.group, parentConvId: short.turns[0]!.assistantNodeId, request: '问2' }));
    assert.equal(spy.allRows(), rowsForLong);
    assert.deepEqual(shownBranch(await service.tree(user, group)).slice(-3), ['答12', '问13', ''], 'and still selects it');
  });

  it('reads the branch shown from its end a page at a time, only that page with contents', async () => {
    const user = await createUser(t.app);
    const { group, turns } = await conversationOf(user, 25);
    const spy = contentReads();
    const end = await spy.service.branch(user, group, { limit: 20 });
    assert.equal(spy.rows(), 20, 'the page, not the 50 messages');
    const questionsAndAnswers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => [`问${from + i}`, `答${from + i}`]).flat();
    assert.deepEqual(texts(end), questionsAndAnswers(16, 25));
    assert.equal(end.hasEarlier, true);
    assert.deepEqual(end.group, (await service.tree(user, group)).group);

    const middle = await service.branch(user, group, { before: end.messages[0]!.node.convId, limit: 20 });
    assert.deepEqual(texts(middle), questionsAndAnswers(6, 15));
    assert.equal(middle.hasEarlier, true);
    const start = await service.branch(user, group, { before: middle.messages[0]!.node.convId, limit: 20 });
    assert.deepEqual(texts(start), questionsAndAnswers(1, 5));
    assert.equal(start.hasEarlier, false);
    assert.deepEqual([...texts(start), ...texts(middle), ...texts(end)], shownBranch(await service.tree(user, group)));
    assert.deepEqual(await service.branch(user, group, { before: turns[0]!.userNode.id }), { group: end.group, messages: [], hasEarlier: false });

    const opened = await service.branch(user, group);
    assert.equal(opened.messages.length, BRANCH_PAGE.size);
    assert.deepEqual(texts(opened), questionsAndAnswers(6, 25));
    assert.equal((await service.branch(user, group, { limit: 10_000 })).messages.length, 50, `at most ${BRANCH_PAGE.max} a page`);

    // Each message is the tree's node without its branches.
    const tree = await service.tree(user, group);
    const { childs, selectedChild, ...firstNode } = tree.roots[0]!;
    assert.equal(childs.length, 1);
    assert.equal(selectedChild, 0);
    assert.deepEqual(start.messages[0], { node: firstNode, curIndex: 1, chatLen: 1, previousVersion: null, nextVersion: null });
    const short = await conversationOf(user, 2);
    assert.deepEqual(texts(await service.branch(user, short.group)), ['问1', '答1', '问2', '答2']);
    assert.equal((await service.branch(user, short.group)).hasEarlier, false);
  });

  it('a branch switch: each message knows its versions, and the branch continued from another version is read lazily', async () => {
    const user = await createUser(t.app);
    const { group, turns } = await conversationOf(user, 6);
    // Question 3 edited and continued one round; then its last answer regenerated.
    tick();
    const edited = await service.startTurn(user, turn({ convGroupId: group, parentConvId: turns[1]!.assistantNodeId, request: '问3（改）' }));
    await service.finishAnswer(edited.assistantNodeId, { content: '答3（改）', status: 'done' });
    tick();
    const followed = await service.startTurn(user, turn({ convGroupId: group, parentConvId: edited.assistantNodeId, request: '问4（改）' }));
    await service.finishAnswer(followed.assistantNodeId, { content: '答4（改）', status: 'done' });
    tick();
    const regenerated = await service.startTurn(user, turn({ convGroupId: group, parentConvId: followed.userNode.id, request: '' }));
    await service.finishAnswer(regenerated.assistantNodeId, { content: '答4（改）第二版', status: 'done' });

    const shown = await service.branch(user, group);
    assert.deepEqual(texts(shown), ['问1', '答1', '问2', '答2', '问3（改）', '答3（改）', '问4（改）', '答4（改）第二版']);
    const versions = (branch: ConversationBranch, index: number) => {
      const { curIndex, chatLen, previousVersion, nextVersion } = branch.messages[index]!;
      return { curIndex, chatLen, previousVersion, nextVersion };
    };
    assert.deepEqual(versions(shown, 4), { curIndex: 2, chatLen: 2, previousVersion: turns[2]!.userNode.id, nextVersion: null });
    assert.deepEqual(versions(shown, 7), { curIndex: 2, chatLen: 2, previousVersion: followed.assistantNodeId, nextVersion: null });
    assert.deepEqual(versions(shown, 3), { curIndex: 1, chatLen: 1, previousVersion: null, nextVersion: null });

    // ‹ on question 3: the original question and the branch below it, messages above it exist.
    const original = await service.branch(user, group, { from: turns[2]!.userNode.id });
    assert.deepEqual(texts(original), ['问3', '答3', '问4', '答4', '问5', '答5', '问6', '答6']);
    assert.equal(original.hasEarlier, true);
    assert.deepEqual(versions(original, 0), { curIndex: 1, chatLen: 2, previousVersion: null, nextVersion: edited.userNode.id });
    // A part longer than the page: its end, the rest above it.
    const end = await service.branch(user, group, { from: turns[2]!.userNode.id, limit: 3 });
    assert.deepEqual(texts(end), ['答5', '问6', '答6']);
    assert.equal(end.hasEarlier, true);
    const above = await service.branch(user, group, { before: end.messages[0]!.node.convId, limit: 3 });
    assert.deepEqual(texts(above), ['问4', '答4', '问5']);
    // ‹ on the regenerated answer: the first version.
    assert.deepEqual(texts(await service.branch(user, group, { from: followed.assistantNodeId })), ['答4（改）']);
    // From the first message: the whole branch shown below it, nothing above.
    const whole = await service.branch(user, group, { from: turns[0]!.userNode.id });
    assert.deepEqual(texts(whole), texts(shown));
    assert.equal(whole.hasEarlier, false);

    // The switch remembered (selectBranch) is what the next open shows.
    await service.selectBranch(user, turns[2]!.userNode.id);
    assert.deepEqual(texts(await service.branch(user, group)), ['问1', '答1', '问2', '答2', ...texts(original)]);
  });

  it('refuses another user’s conversation, and messages of another conversation, with 1904 on every page', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const mine = await conversationOf(owner, 2);
    const other = await conversationOf(owner, 1);
    const message = mine.turns[1]!.userNode.id;
    await assert.rejects(service.branch(stranger, mine.group), NOT_FOUND);
    await assert.rejects(service.branch(stranger, mine.group, { before: message }), NOT_FOUND);
    await assert.rejects(service.branch(stranger, mine.group, { from: message }), NOT_FOUND);
    const strangers = await conversationOf(stranger, 1);
    await assert.rejects(service.branch(stranger, strangers.group, { before: message }), NOT_FOUND, 'a message of someone else’s conversation');
    await assert.rejects(service.branch(stranger, strangers.group, { from: message }), NOT_FOUND);
    await assert.rejects(service.branch(owner, mine.group, { before: other.turns[0]!.assistantNodeId }), NOT_FOUND, 'a message of another conversation');
    await assert.rejects(service.branch(owner, mine.group, { from: other.turns[0]!.assistantNodeId }), NOT_FOUND);
    await assert.rejects(service.branch(owner, mine.group, { from: randomUUID() }), NOT_FOUND);
    await assert.rejects(service.branch(owner, randomUUID()), NOT_FOUND);
    assert.equal((await service.branch(owner, mine.group)).messages.length, 4);
  });
});
