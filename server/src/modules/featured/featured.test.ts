import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ContinuedConversation, FeaturedConversation, ShareState } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, envelope, registeredUser } from '../../testing/accounts.js';
import { china, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { OpsInputError } from '../module.js';
import { OPS_GROUPS } from '../../ops/commands.js';
import { excerptOf, plainLines } from './excerpt.js';
import { runFeaturedCommand } from './opsCommands.js';
import { shareIdOf } from './service.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';

describe(`featured conversations (${DB})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-04-01 20:00'));
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV, { now: clock.now });
    alice = await registeredUser(t.app.server);
    bob = await registeredUser(t.app.server);
  });
  after(() => t.close());
  const server = () => t.app.server;

  /** A conversation of alice's with two finished turns (and one failed answer after them). */
  async function conversation(question = '长城有多长？') {
    const c = t.app.conversations;
    const base = { parentConvId: null, model: 'gpt-4o', modelName: 'GPT-4o', gptsId: null, knowledgeId: null, knowledgeName: null, icon: null };
    const first = await c.startTurn(alice.id, { ...base, convGroupId: null, request: question });
    await c.finishAnswer(first.assistantNodeId, { content: '## 概况\n长城全长约 **21196** 千米。\n\n它横跨多个省份。', status: 'done' });
    const second = await c.startTurn(alice.id, { ...base, convGroupId: first.group.convGroupId, parentConvId: first.assistantNodeId, request: '最早修建于什么时候？' });
    await c.finishAnswer(second.assistantNodeId, { content: '春秋战国时期。', status: 'done', reasoning: '回忆历史资料……' });
    return first.group.convGroupId;
  }
  const share = (convGroupId: string) => envelope<ShareState>(server(), 'POST', 'backend-api/shareConversation', { token: alice.token, payload: { convGroupId } });
  const revoke = (convGroupId: string) => envelope<ShareState>(server(), 'POST', 'backend-api/revokeShare', { token: alice.token, payload: { convGroupId } });
  /** The gallery as a signed-out browser reads it: no token, no request signature. */
  const gallery = async () => {
    const response = await server().inject({ method: 'GET', url: '/app-api/public/featured' });
    assert.equal(response.statusCode, 200);
    return response.json<{ code: number; data: FeaturedConversation[] }>().data;
  };
  const ops = async (...argv: string[]) => {
    const lines: string[] = [];
    await runFeaturedCommand(t.app.featured, argv, (line) => lines.push(line));
    return lines.join('\n');
  };
  const continueShared = (token: string, convGroupId: string) => envelope<ContinuedConversation>(server(), 'POST', 'backend-api/continueSharedConversation', { token, payload: { convGroupId } });

  it('is a pnpm ops group', () => {
    assert.ok(OPS_GROUPS.featured);
    assert.match(OPS_GROUPS.featured.usage, /pnpm ops featured/);
  });

  it('ops feature a public share by id or link; the gallery shows it in their order with its first lines', async () => {
    const wall = await conversation();
    const other = await conversation('给我讲个笑话');
    await share(wall);
    await share(other);
    assert.equal(await ops('add', `https://qiming.example/friendsLinkPage/${wall}?from=x`, '--title', '长城问答', '--order', '2'), `已加入精选：${wall}「长城问答」 顺序 2`);
    assert.match(await ops('add', other), /已加入精选：.* 顺序 0/);
    const cards = await gallery();
    assert.deepEqual(cards.map((c) => c.convGroupId), [other, wall], 'order 0 before order 2');
    const card = cards[1]!;
    assert.deepEqual(
      { title: card.title, model: card.model, modelName: card.modelName, messageCount: card.messageCount, path: card.path, excerpt: card.excerpt },
      { title: '长城问答', model: 'gpt-4o', modelName: 'GPT-4o', messageCount: 4, path: `/friendsLinkPage/${wall}`, excerpt: { question: '长城有多长？', answer: '概况 长城全长约 21196 千米。 它横跨多个省份。' } },
    );
    assert.equal(cards[0]!.title, '给我讲个笑话', 'without --title: the share\'s own');
    // Adding again changes only what is given.
    assert.match(await ops('add', other, '--order', '5'), /已修改精选：.*「给我讲个笑话」 顺序 5/);
    assert.deepEqual((await gallery()).map((c) => c.convGroupId), [wall, other]);
    assert.match(await ops('list'), new RegExp(`2 +${wall} +长城问答  公开`));
    await ops('remove', other);
    await ops('remove', wall);
    assert.deepEqual(await gallery(), []);
  });

  it('refuses what is not a public share, and says why', async () => {
    const unshared = await conversation();
    await assert.rejects(ops('add', unshared), (e: unknown) => e instanceof OpsInputError && e.message === `分享不存在或已被取消：${unshared}`);
    await assert.rejects(ops('add', 'not a link'), (e: unknown) => e instanceof OpsInputError && /不是分享编号或分享链接/.test(e.message));
    await assert.rejects(ops('add'), (e: unknown) => e instanceof OpsInputError && /缺少参数/.test(e.message));
    await assert.rejects(ops('add', unshared, '--order', 'x'), (e: unknown) => e instanceof OpsInputError && /--order 必须是非负整数/.test(e.message));
    await assert.rejects(ops('remove', unshared), (e: unknown) => e instanceof OpsInputError && /不在精选对话中/.test(e.message));
    await assert.rejects(ops('frobnicate'), (e: unknown) => e instanceof OpsInputError && /未知命令/.test(e.message));
  });

  it('a revoked share leaves the gallery (and comes back when shared again); a deleted conversation takes its row along', async () => {
    const id = await conversation();
    await share(id);
    await ops('add', id);
    await revoke(id);
    assert.deepEqual(await gallery(), []);
    assert.match(await ops('list'), /已取消分享（不显示）/);
    await share(id);
    assert.deepEqual((await gallery()).map((c) => c.convGroupId), [id]);
    await t.app.conversations.deleteGroup(alice.id, id);
    assert.deepEqual(await gallery(), []);
    assert.doesNotMatch(await ops('list'), new RegExp(id));
  });

  it('继续对话 copies the shared branch into a new conversation of the caller; the original stays as it was', async () => {
    const id = await conversation();
    await share(id);
    await ops('add', id);
    const before = JSON.stringify(await t.app.conversations.tree(alice.id, id));
    clock.advance(60_000);

    const answer = await continueShared(bob.token, id);
    assert.equal(answer.code, 0, answer.msg);
    const copy = answer.data.convGroupId;
    assert.notEqual(copy, id);
    const branch = await t.app.conversations.branch(bob.id, copy);
    assert.deepEqual(
      branch.messages.map((m) => [m.node.chatContent[0]!.role, m.node.chatContent[0]!.content, m.node.modelName]),
      [
        ['user', '长城有多长？', 'GPT-4o'],
        ['assistant', '## 概况\n长城全长约 **21196** 千米。\n\n它横跨多个省份。', 'GPT-4o'],
        ['user', '最早修建于什么时候？', 'GPT-4o'],
        ['assistant', '春秋战国时期。', 'GPT-4o'],
      ],
    );
    assert.equal((await t.app.conversations.groups(bob.id))[0]!.convGroupId, copy, 'first in bob\'s history');
    assert.equal(JSON.stringify(await t.app.conversations.tree(alice.id, id)), before, 'the original is untouched');
    assert.equal(await t.app.conversations.ownsGroup(alice.id, copy), false);

    // Bob continues his copy like any conversation of his: a new turn after its last answer.
    const last = branch.messages.at(-1)!.node.convId;
    const turn = await t.app.conversations.startTurn(bob.id, { convGroupId: copy, parentConvId: last, request: '那最长的一段在哪里？', model: 'gpt-4o', modelName: 'GPT-4o', gptsId: null, knowledgeId: null, knowledgeName: null, icon: null });
    assert.equal(turn.group.convGroupId, copy);
    assert.equal(JSON.stringify(await t.app.conversations.tree(alice.id, id)), before);

    await revoke(id);
    const gone = await continueShared(bob.token, id);
    assert.deepEqual([gone.code, gone.msg], [2301, '分享不存在或已被取消']);
    const signedOut = await call(server(), 'POST', 'backend-api/continueSharedConversation', { payload: { convGroupId: id } });
    assert.equal(signedOut.statusCode, 401);
    const empty = await continueShared(bob.token, '');
    assert.equal(empty.code, 400);
    assert.match(empty.msg, /请选择对话/);
  });

  it('reads share ids from links, and excerpts as plain text', () => {
    assert.equal(shareIdOf('abc-123'), 'abc-123');
    assert.equal(shareIdOf('/friendsLinkPage/abc-123#top'), 'abc-123');
    assert.throws(() => shareIdOf('../etc'), OpsInputError);
    assert.equal(plainLines('```js\ncode\n```\n> 引用 [链接](http://x) `a`\n- 第一点\n', 3), '引用 链接 a 第一点');
    const long = '字'.repeat(300);
    const excerpt = excerptOf({ convGroupId: 'x', title: '', model: 'm', modelName: 'M', icon: null, sharedAt: '', messages: [{ role: 'user', content: long, createTime: '' }, { role: 'assistant', content: long, createTime: '' }] });
    assert.equal(Array.from(excerpt.question).length, 80);
    assert.ok(excerpt.answer.endsWith('…'));
  });
});
