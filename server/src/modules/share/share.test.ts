import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SharedConversation, ShareState } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, data, envelope, registeredUser } from '../../testing/accounts.js';
import { china, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import type { FinishedAnswer, Turn } from '../conversations/index.js';
import { SHARE_CODES } from './codes.js';
import { SHARE_READS_PER_MINUTE } from './index.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const NOT_FOUND = { code: 1904, data: null, msg: '对话不存在或已被删除' };
const SHARE_GONE = { code: SHARE_CODES.shareNotFound, data: null, msg: '分享不存在或已被取消' };

describe(`share pages (${DB})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-03-01 20:00'));
  let alice: { id: string; token: string; phone: string };
  let bob: { id: string; token: string; phone: string };
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV, { now: clock.now });
    alice = await newUser();
    bob = await newUser();
  });
  after(() => t.close());
  const server = () => t.app.server;

  const newUser = () => registeredUser(server());

  /** A turn through the conversations service, as the chat gateway records one. */
  function ask(userId: string, request: string, at: { group?: string; parent?: string } = {}, model = 'gpt-4o'): Promise<Turn> {
    return t.app.conversations.startTurn(userId, { convGroupId: at.group ?? null, parentConvId: at.parent ?? null, request, model, modelName: model === 'gpt-4o' ? 'GPT-4o' : model, gptsId: null, knowledgeId: null, knowledgeName: null, icon: null });
  }
  const answer = (turn: Turn, content: string, extra: Partial<FinishedAnswer> = {}) => t.app.conversations.finishAnswer(turn.assistantNodeId, { content, status: 'done', ...extra });

  /** A conversation of two finished turns; the second answer has reasoning. */
  async function conversation(userId: string) {
    const first = await ask(userId, '长城有多长？');
    await answer(first, '长城全长约 **21196** 千米。');
    clock.advance(60_000);
    const second = await ask(userId, '最早修建于什么时候？', { group: first.group.convGroupId, parent: first.assistantNodeId });
    await answer(second, '春秋战国时期。', { reasoning: '回忆历史资料……' });
    return { id: first.group.convGroupId, first, second };
  }

  const share = (token: string, convGroupId: unknown) => envelope<ShareState>(server(), 'POST', 'backend-api/shareConversation', { token, payload: { convGroupId } });
  const revoke = (token: string, convGroupId: unknown) => envelope<ShareState>(server(), 'POST', 'backend-api/revokeShare', { token, payload: { convGroupId } });
  const state = (token: string, convGroupId: string) => envelope<ShareState>(server(), 'GET', `backend-api/getShareState?convGroupId=${encodeURIComponent(convGroupId)}`, { token });
  /** The public page's API as a signed-out browser calls it: no token, no request signature. */
  const readPublic = (convGroupId: string, ip = '198.51.100.7') => server().inject({ method: 'GET', url: `/app-api/public/share/${encodeURIComponent(convGroupId)}`, remoteAddress: ip });

  it('publishes the branch shown; signed out, the page has only what it shows', async () => {
    clock.set(china('2030-03-01 20:00'));
    const { id } = await conversation(alice.id);
    const published = await share(alice.token, id);
    assert.deepEqual(published, { code: 0, msg: '', data: { convGroupId: id, shared: true, sharedAt: '2030-03-01 20:01:00', path: `/friendsLinkPage/${id}` } });

    const response = await readPublic(id);
    assert.equal(response.statusCode, 200);
    const page = response.json<{ code: number; data: SharedConversation }>();
    assert.equal(page.code, 0);
    assert.deepEqual(Object.keys(page.data).sort(), ['convGroupId', 'icon', 'messages', 'model', 'modelName', 'sharedAt', 'title']);
    assert.deepEqual(
      page.data.messages.map((m) => Object.keys(m).sort()),
      [['content', 'createTime', 'role'], ['content', 'createTime', 'modelName', 'role'], ['content', 'createTime', 'role'], ['content', 'createTime', 'modelName', 'reasoning', 'role']],
    );
    const { messages, ...header } = page.data;
    assert.deepEqual(header, { convGroupId: id, title: '长城有多长？', model: 'gpt-4o', modelName: 'GPT-4o', icon: t.app.catalogue.find('gpt-4o')!.icon ?? null, sharedAt: '2030-03-01 20:01:00' });
    assert.deepEqual(
      messages.map(({ role, content, reasoning, modelName }) => ({ role, content, reasoning, modelName })),
      [
        { role: 'user', content: '长城有多长？', reasoning: undefined, modelName: undefined },
        { role: 'assistant', content: '长城全长约 **21196** 千米。', reasoning: undefined, modelName: 'GPT-4o' },
        { role: 'user', content: '最早修建于什么时候？', reasoning: undefined, modelName: undefined },
        { role: 'assistant', content: '春秋战国时期。', reasoning: '回忆历史资料……', modelName: 'GPT-4o' },
      ],
    );
    assert.equal(messages[0]!.createTime, china('2030-03-01 20:00').toISOString());
    // Nothing private anywhere in the answer.
    const tree = await t.app.conversations.tree(alice.id, id);
    for (const secret of [alice.id, alice.phone, tree.roots[0]!.convId, tree.roots[0]!.childs[0]!.convId]) assert.ok(!response.body.includes(secret), `the page leaks ${secret}`);

    assert.deepEqual((await state(alice.token, id)).data, published.data);
  });

  it('takes the selected branch up to its last finished answer; failed and generating answers stay out', async () => {
    clock.set(china('2030-03-02 09:00'));
    const first = await ask(alice.id, '写一句诗');
    await answer(first, '床前明月光');
    const regenerated = await ask(alice.id, '', { group: first.group.convGroupId, parent: first.userNode.id }, 'claude-sonnet-4');
    await answer(regenerated, '春眠不觉晓');
    // The newest answer is shown; the user goes back to the first one and continues from it.
    await t.app.conversations.selectBranch(alice.id, first.assistantNodeId);
    const failed = await ask(alice.id, '再来一句', { group: first.group.convGroupId, parent: first.assistantNodeId });
    await answer(failed, '疑是地上', { status: 'failed', error: '上游服务出错' });
    const retried = await ask(alice.id, '换个说法', { group: first.group.convGroupId, parent: failed.assistantNodeId });
    await answer(retried, '举头望明月', { status: 'stopped' });
    await ask(alice.id, '最后一个问题', { group: first.group.convGroupId, parent: retried.assistantNodeId });

    await share(alice.token, first.group.convGroupId);
    const page = (await readPublic(first.group.convGroupId)).json<{ data: SharedConversation }>().data;
    assert.deepEqual(
      page.messages.map((m) => `${m.role}:${m.content}`),
      ['user:写一句诗', 'assistant:床前明月光', 'user:再来一句', 'user:换个说法', 'assistant:举头望明月'],
    );
    assert.ok(!JSON.stringify(page).includes('上游服务出错') && !JSON.stringify(page).includes('疑是地上'));
  });

  it('revoking makes the page 404; sharing again publishes a fresh snapshot at the same address', async () => {
    clock.set(china('2030-03-03 10:00'));
    const { id, second } = await conversation(alice.id);
    await share(alice.token, id);
    assert.deepEqual((await revoke(alice.token, id)).data, { convGroupId: id, shared: false, sharedAt: null, path: `/friendsLinkPage/${id}` });
    const gone = await readPublic(id);
    assert.equal(gone.statusCode, 404);
    assert.deepEqual(gone.json(), SHARE_GONE);
    assert.equal((await state(alice.token, id)).data.shared, false);
    assert.equal((await revoke(alice.token, id)).data.shared, false, 'revoking twice is fine');
    const row = await t.app.db.db.selectFrom('conversation_shares').selectAll().where('conv_group_id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.snapshot, null, 'a revoked page keeps no copy of the conversation');

    clock.advance(3_600_000);
    const third = await ask(alice.id, '还有别的吗？', { group: id, parent: second.assistantNodeId });
    await answer(third, '嘉峪关是西端起点。');
    const again = await share(alice.token, id);
    assert.deepEqual(again.data, { convGroupId: id, shared: true, sharedAt: '2030-03-03 11:01:00', path: `/friendsLinkPage/${id}` });
    const page = (await readPublic(id)).json<{ data: SharedConversation }>().data;
    assert.equal(page.messages.length, 6);
    assert.equal(page.messages.at(-1)!.content, '嘉峪关是西端起点。');
    assert.equal(page.sharedAt, '2030-03-03 11:01:00');
  });

  it('another user can neither share, revoke nor see the state of your conversation', async () => {
    const { id } = await conversation(alice.id);
    await share(alice.token, id);
    assert.deepEqual(await share(bob.token, id), NOT_FOUND);
    assert.deepEqual(await revoke(bob.token, id), NOT_FOUND);
    assert.deepEqual(await state(bob.token, id), NOT_FOUND);
    assert.equal((await readPublic(id)).statusCode, 200, 'still public');
    assert.deepEqual(await share(alice.token, 'no-such-conversation'), NOT_FOUND);
  });

  it('a conversation without a finished answer cannot be shared', async () => {
    const generating = await ask(alice.id, '正在回答的问题');
    assert.deepEqual(await share(alice.token, generating.group.convGroupId), { code: SHARE_CODES.conversationEmpty, data: null, msg: '对话中还没有可分享的回答' });
    const failed = await ask(alice.id, '失败的问题');
    await answer(failed, '', { status: 'failed', error: '超时' });
    assert.deepEqual(await share(alice.token, failed.group.convGroupId), { code: SHARE_CODES.conversationEmpty, data: null, msg: '对话中还没有可分享的回答' });
    const stoppedEmpty = await ask(alice.id, '刚开始就停止');
    await answer(stoppedEmpty, '  ', { status: 'stopped' });
    assert.equal((await share(alice.token, stoppedEmpty.group.convGroupId)).code, SHARE_CODES.conversationEmpty);
    assert.equal((await readPublic(generating.group.convGroupId)).statusCode, 404);
  });

  it('deleting the conversation takes its page down with it', async () => {
    const { id } = await conversation(alice.id);
    await share(alice.token, id);
    assert.equal((await readPublic(id)).statusCode, 200);
    await data(server(), 'GET', `backend-api/deleteConvGroup?convGroupId=${id}`, { token: alice.token });
    const gone = await readPublic(id);
    assert.equal(gone.statusCode, 404);
    assert.deepEqual(gone.json(), SHARE_GONE);
    assert.deepEqual(await state(alice.token, id), NOT_FOUND);
    assert.equal(await t.app.db.db.selectFrom('conversation_shares').select('conv_group_id').where('conv_group_id', '=', id).executeTakeFirst(), undefined);
  });

  it('malformed requests: a Chinese 400 or 404, never a 500; the owner calls need login', async () => {
    assert.deepEqual(await envelope(server(), 'POST', 'backend-api/shareConversation', { token: alice.token, payload: {} }), { code: 400, data: null, msg: '请求参数不正确：convGroupId: 请选择对话' });
    assert.deepEqual(await share(alice.token, '   '), { code: 400, data: null, msg: '请求参数不正确：convGroupId: 请选择对话' });
    assert.equal((await share(alice.token, 42)).code, 400);
    assert.equal((await envelope(server(), 'GET', 'backend-api/getShareState', { token: alice.token })).code, 400);
    const badJson = await call(server(), 'POST', 'backend-api/revokeShare', { token: alice.token, payload: '{"convGroupId":', headers: { 'content-type': 'application/json' } });
    assert.equal(badJson.statusCode, 400);
    assert.deepEqual(badJson.json(), { code: 400, data: null, msg: '请求体不是合法的 JSON' });
    const signedOut = await call(server(), 'POST', 'backend-api/shareConversation', { payload: { convGroupId: 'x' } });
    assert.equal(signedOut.statusCode, 401);
    for (const id of ['unknown', 'x'.repeat(101), '%E4%BD%A0']) {
      const response = await readPublic(id);
      assert.equal(response.statusCode, 404, id);
      assert.deepEqual(response.json(), SHARE_GONE);
    }
  });

  it('public reads are limited per client IP and minute', async () => {
    const { id } = await conversation(alice.id);
    await share(alice.token, id);
    for (let i = 0; i < SHARE_READS_PER_MINUTE; i++) assert.equal((await readPublic(id, '203.0.113.99')).statusCode, 200);
    const limited = await readPublic(id, '203.0.113.99');
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { code: 429, data: null, msg: '访问过于频繁，请稍后再试' });
    assert.equal((await readPublic(id, '203.0.113.100')).statusCode, 200, 'another reader is not affected');
  });
});
