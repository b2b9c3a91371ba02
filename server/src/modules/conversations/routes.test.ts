import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ConversationBranch, ConversationGroup, ConversationTree, Page } from '@qiming/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandling } from '../../http/envelope.js';
import { createUser } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { decorateRequestUser, SESSION_EXPIRED_MESSAGE, sessionExpired } from '../../http/requestUser.js';
import { conversationsRoutes, createConversationsService, type ConversationsService, type Turn } from './index.js';
import { API_PREFIX } from '../module.js';
import { translatorFor, type SiteEdition } from '../../locale/index.js';
import { INTERRUPTED_MESSAGE } from '../chat/recovery.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const SESSION_EXPIRED = { code: 401, data: null, msg: SESSION_EXPIRED_MESSAGE };
const NOT_FOUND = { code: 1904, data: null, msg: '对话不存在或已被删除' };

/**
 * The routes on a bare server whose requireUser trusts an x-test-user header (the real guard is
 * wired in app.ts); the database and users come from a test app.
 */
describe(`conversation routes (${DB})`, () => {
  const routesServer = async (edition: SiteEdition) => {
    const routes = Fastify({ logger: false });
    installErrorHandling(routes);
    decorateRequestUser(routes);
    await routes.register(conversationsRoutes, {
      prefix: API_PREFIX,
      service,
      translator: translatorFor(edition),
      async requireUser(request) {
        const id = request.headers['x-test-user'];
        if (typeof id !== 'string') throw sessionExpired();
        request.user = { id, sessionId: 'test' };
      },
    });
    await routes.ready();
    return routes;
  };
  let t: TestApp;
  let service: ConversationsService;
  let server: FastifyInstance;
  let alice: string;
  let bob: string;
  before(async () => {
    t = await createTestApp();
    service = createConversationsService(t.app.db.db, () => new Date());
    server = await routesServer('domestic');
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  after(async () => {
    await server.close();
    await t.close();
  });

  const call = async (user: string | null, method: 'GET' | 'POST', path: string, payload?: object) => {
    const response = await server.inject({ method, url: `/app-api/backend-api/${path}`, payload, headers: user ? { 'x-test-user': user } : {} });
    return { status: response.statusCode, body: response.json() as { code: number; data: unknown; msg: string } };
  };
  const data = async <T>(user: string, method: 'GET' | 'POST', path: string, payload?: object): Promise<T> => {
    const { status, body } = await call(user, method, path, payload);
    assert.equal(status, 200);
    assert.equal(body.code, 0, `${path}: ${body.code} ${body.msg}`);
    return body.data as T;
  };
  /** A first message, or one under `parentConvId` of the turn `at`'s group. */
  const start = (user: string, request: string, at?: { turn: Turn; parentConvId: string }) =>
    service.startTurn(user, { convGroupId: at?.turn.group.convGroupId ?? null, parentConvId: at?.parentConvId ?? null, request, model: 'gpt-4o-mini', modelName: 'GPT-4o mini', gptsId: null, knowledgeId: null, knowledgeName: null, icon: null });

  it('every route needs a signed-in user', async () => {
    const routes = [
      ['GET', 'getConversationGroups'],
      ['POST', 'getConversationGroupsPage'],
      ['GET', 'getConversations?convGroupId=x'],
      ['GET', 'getConversationBranch?convGroupId=x'],
      ['GET', 'changeTitle?convGroupId=x&title=y'],
      ['GET', 'deleteConvGroup?convGroupId=all'],
      ['GET', 'selectBranch?convId=x'],
    ] as const;
    for (const [method, path] of routes) {
      const { status, body } = await call(null, method, path, method === 'POST' ? { pageNo: 1, pageSize: 10 } : undefined);
      assert.equal(status, 401, path);
      assert.deepEqual(body, SESSION_EXPIRED);
    }
  });

  it('lists, pages, reads, renames and selects branches of the user’s own conversations', async () => {
    const first = await start(alice, '第一段对话');
    await service.finishAnswer(first.assistantNodeId, { content: '好的', status: 'done' });
    const next = await start(alice, '接着问', { turn: first, parentConvId: first.assistantNodeId });
    const second = await start(alice, '第二段对话');

    const groups = await data<ConversationGroup[]>(alice, 'GET', 'getConversationGroups');
    assert.deepEqual(new Set(groups.map((g) => g.convGroupId)), new Set([first.group.convGroupId, second.group.convGroupId]));
    assert.deepEqual(Object.keys(groups[0]!).sort(), ['convGroupId', 'createTime', 'gptsId', 'icon', 'showInput', 'title']);

    const page = await data<Page<ConversationGroup>>(alice, 'POST', 'getConversationGroupsPage', { pageNo: 1, pageSize: 1 });
    assert.equal(page.total, 2);
    assert.equal(page.list.length, 1);
    assert.deepEqual(await data(alice, 'POST', 'getConversationGroupsPage', {}).then((p) => (p as Page<ConversationGroup>).list.length), 2, 'page 1 of 20 by default');
    assert.deepEqual(await data<Page<ConversationGroup>>(alice, 'POST', 'getConversationGroupsPage', { pageNo: 2, pageSize: 100 }), { list: [], total: 2 });

    const tree = await data<ConversationTree>(alice, 'GET', `getConversations?convGroupId=${first.group.convGroupId}`);
    assert.equal(tree.group.title, '第一段对话');
    assert.deepEqual(tree.roots[0]!.childs[0]!.childs.map((c) => c.convId), [next.userNode.id]);

    assert.deepEqual(await call(alice, 'GET', `changeTitle?convGroupId=${first.group.convGroupId}&title=${encodeURIComponent('  改过的标题 ')}`).then((r) => r.body), { code: 0, data: null, msg: '' });
    for (const blank of ['', encodeURIComponent('   \n\t ')]) {
      assert.deepEqual(await call(alice, 'GET', `changeTitle?convGroupId=${first.group.convGroupId}&title=${blank}`).then((r) => r.body), { code: 400, data: null, msg: '请求参数不正确：title: 标题不能为空' });
    }
    assert.equal((await data<ConversationTree>(alice, 'GET', `getConversations?convGroupId=${first.group.convGroupId}`)).group.title, '改过的标题');

    const branch = await data<ConversationBranch>(alice, 'GET', `getConversationBranch?convGroupId=${first.group.convGroupId}&limit=2`);
    assert.deepEqual(branch.messages.map((m) => m.node.convId), [next.userNode.id, next.assistantNodeId]);
    assert.equal(branch.hasEarlier, true);
    const earlier = await data<ConversationBranch>(alice, 'GET', `getConversationBranch?convGroupId=${first.group.convGroupId}&before=${next.userNode.id}`);
    assert.deepEqual(earlier.messages.map((m) => m.node.chatContent[0]!.content), ['第一段对话', '好的']);
    assert.equal(earlier.hasEarlier, false);
    const from = await data<ConversationBranch>(alice, 'GET', `getConversationBranch?convGroupId=${first.group.convGroupId}&from=${first.assistantNodeId}`);
    assert.deepEqual(from.messages.map((m) => m.node.convId), [first.assistantNodeId, next.userNode.id, next.assistantNodeId]);

    const regenerated = await start(alice, '', { turn: first, parentConvId: first.userNode.id });
    const selected = async () => (await data<ConversationTree>(alice, 'GET', `getConversations?convGroupId=${first.group.convGroupId}`)).roots[0]!.selectedChild;
    assert.equal(await selected(), 1);
    assert.equal(regenerated.userNode.id, first.userNode.id);
    assert.deepEqual(await call(alice, 'GET', `selectBranch?convId=${first.assistantNodeId}`).then((r) => r.body), { code: 0, data: null, msg: '' });
    assert.equal(await selected(), 0);
  });

  it('answers 1904 for another user’s ids, as for missing ones', async () => {
    const mine = await start(alice, '爱丽丝的对话');
    for (const path of [
      `getConversations?convGroupId=${mine.group.convGroupId}`,
      `getConversationBranch?convGroupId=${mine.group.convGroupId}`,
      `getConversationBranch?convGroupId=${mine.group.convGroupId}&before=${mine.assistantNodeId}`,
      `getConversationBranch?convGroupId=${mine.group.convGroupId}&from=${mine.userNode.id}`,
      `changeTitle?convGroupId=${mine.group.convGroupId}&title=x`,
      `deleteConvGroup?convGroupId=${mine.group.convGroupId}`,
      `selectBranch?convId=${mine.userNode.id}`,
      'getConversations?convGroupId=00000000-0000-0000-0000-000000000000',
      'selectBranch?convId=nope',
    ]) {
      const { status, body } = await call(bob, 'GET', path);
      assert.equal(status, 200, path);
      assert.deepEqual(body, NOT_FOUND, path);
    }
    assert.equal((await data<ConversationTree>(alice, 'GET', `getConversations?convGroupId=${mine.group.convGroupId}`)).group.title, '爱丽丝的对话');
    assert.deepEqual(await data(bob, 'GET', 'getConversationGroups'), []);
  });

  it('refuses bad input with 400', async () => {
    for (const [method, path, payload] of [
      ['GET', 'getConversations', undefined],
      ['GET', 'getConversations?convGroupId=', undefined],
      ['GET', `getConversations?convGroupId=${'x'.repeat(101)}`, undefined],
      ['GET', 'getConversationBranch', undefined],
      ['GET', 'getConversationBranch?convGroupId=x&limit=0', undefined],
      ['GET', 'getConversationBranch?convGroupId=x&limit=201', undefined],
      ['GET', 'getConversationBranch?convGroupId=x&limit=1.5', undefined],
      ['GET', 'getConversationBranch?convGroupId=x&before=a&from=b', undefined],
      ['GET', 'getConversationBranch?convGroupId=x&before=', undefined],
      ['GET', 'changeTitle?convGroupId=x', undefined],
      ['GET', 'deleteConvGroup', undefined],
      ['GET', 'selectBranch', undefined],
      ['POST', 'getConversationGroupsPage', { pageNo: 0, pageSize: 10 }],
      ['POST', 'getConversationGroupsPage', { pageNo: 1, pageSize: 101 }],
      ['POST', 'getConversationGroupsPage', { pageNo: 1.5, pageSize: 10 }],
      ['POST', 'getConversationGroupsPage', { pageNo: '1', pageSize: '10' }],
    ] as const) {
      const { status, body } = await call(alice, method, path, payload);
      assert.equal(status, 200, path);
      assert.equal(body.code, 400, `${path} ${JSON.stringify(payload)}`);
      assert.match(body.msg, /^请求参数不正确/);
    }
  });

  it('deleteConvGroup deletes one, or all of the user’s', async () => {
    const carol = await createUser(t.app);
    const one = await start(carol, '一');
    await start(carol, '二');
    await start(carol, '三');
    const bobs = await start(bob, '鲍勃的');
    assert.deepEqual(await data(carol, 'GET', `deleteConvGroup?convGroupId=${one.group.convGroupId}`), { deleted: 1 });
    assert.deepEqual(await call(carol, 'GET', `getConversations?convGroupId=${one.group.convGroupId}`).then((r) => r.body), NOT_FOUND);
    assert.deepEqual(await data(carol, 'GET', 'deleteConvGroup?convGroupId=all'), { deleted: 2 });
    assert.deepEqual(await data(carol, 'GET', 'getConversationGroups'), []);
    assert.equal((await data<ConversationTree>(bob, 'GET', `getConversations?convGroupId=${bobs.group.convGroupId}`)).group.title, '鲍勃的');
  });

  it('shows a failed answer’s saved error in the edition’s language (issue 19 item 17)', async () => {
    const turn = await start(alice, '会失败的问题');
    await service.failGenerating([turn.assistantNodeId], INTERRUPTED_MESSAGE);
    const url = `/app-api/backend-api/getConversations?convGroupId=${turn.group.convGroupId}`;
    const international = await routesServer('international');
    try {
      const errorOf = async (routes: FastifyInstance) => ((await routes.inject({ method: 'GET', url, headers: { 'x-test-user': alice } })).json().data as ConversationTree).roots[0]!.childs[0]!.error;
      const branchErrorOf = async (routes: FastifyInstance) =>
        ((await routes.inject({ method: 'GET', url: `/app-api/backend-api/getConversationBranch?convGroupId=${turn.group.convGroupId}`, headers: { 'x-test-user': alice } })).json().data as ConversationBranch).messages[1]!.node.error;
      const translated = 'The service was interrupted and this reply is incomplete; please regenerate it. Failed replies cost no points.';
      assert.equal(await errorOf(server), INTERRUPTED_MESSAGE);
      assert.equal(await errorOf(international), translated);
      assert.equal(await branchErrorOf(server), INTERRUPTED_MESSAGE);
      assert.equal(await branchErrorOf(international), translated);
    } finally {
      await international.close();
    }
  });
});
