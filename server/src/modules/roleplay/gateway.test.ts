import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ConversationTree, HongSceneList, PromptTemplateList, StreamRequestBody } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { answerText, chatBody, listen, readSse, type SseRead } from '../../testing/chatStream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { UNKNOWN_SCENE_MESSAGE } from './contributor.js';
import { parseHongScore } from '@qiming/contracts';
import { HONG_SCENES } from './scenes.js';

/** The offline model unpaced (tests wait on events, never on the clock). */
const CHAT_ENV = { ...ACCOUNT_TEST_ENV, OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0' };
const SCORE_LINE = /\n\n【原谅值】[+-]\d{1,2}$/;

describe(`哄哄模拟器 through the whole server (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let userId: string;
  const server = () => t.app.server;
  const stream = (body: Partial<StreamRequestBody>) => readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) });
  const balance = async () => {
    const b = await t.app.points.balance(userId);
    return b.restIntegral + b.restIntegral2;
  };
  const groupCount = async () => (await data<unknown[]>(server(), 'GET', 'backend-api/getConversationGroups', { token })).length;
  const lastChunk = (read: SseRead) => read.chunks.at(-1)!;

  before(async () => {
    t = await createTestApp(CHAT_ENV);
    base = await listen(t.app.server);
    token = (await register(t.app.server, { phone: uniquePhone() })).accessToken;
    userId = decodeJwt(token).sub!;
    await t.app.points.credit(userId, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `test-credit:${userId}` });
  });
  after(() => t.close());

  it('serves the scenes and the prompt templates signed, without login', async () => {
    const scenes = await data<HongSceneList>(server(), 'GET', 'backend-api/getHongScenes');
    assert.deepEqual(scenes.scenes.map((s) => s.code), HONG_SCENES.map((s) => s.code));
    const templates = await data<PromptTemplateList>(server(), 'GET', 'backend-api/getPromptTemplates');
    assert.equal(templates.categories.length, 8);
  });

  it('plays the partner: a reply in character that ends with a parseable score line, no follow-ups or reasoning', async () => {
    const before = await balance();
    const read = await stream({ useHong: true, intelligentCode: 'hong-anniversary', request: '对不起，是我错了。明天我带你去吃那家日料，补过纪念日。' });
    assert.equal(read.done, true);
    assert.equal(lastChunk(read).code, 0);
    assert.equal(lastChunk(read).offlineDemo, true);
    assert.ok(!read.chunks.some((c) => c.type === 'follow_up'), 'no follow-ups');
    assert.ok(!read.chunks.some((c) => c.choices?.[0]?.delta?.reasoning_content), 'no reasoning');
    const reply = answerText(read.chunks);
    assert.match(reply, SCORE_LINE);
    assert.ok(parseHongScore(reply)! >= 10, reply);
    assert.match(reply, /「明天我带你去吃那家日料」/);
    assert.equal(await balance(), before - 3, 'charged like any message');

    const convGroupId = String(read.chunks[0]!.convGroupId);
    const saved = await data<ConversationTree>(server(), 'GET', `backend-api/getConversations?convGroupId=${convGroupId}`, { token });
    assert.equal(saved.group.gptsId, 'hong-anniversary');
    assert.equal(saved.roots[0]!.childs[0]!.chatContent[0]!.content, reply);

    // The next try continues the conversation; a brush-off costs forgiveness.
    const next = await stream({ useHong: true, intelligentCode: 'hong-anniversary', request: '多喝热水', convGroupId, parentConvId: String(read.chunks[0]!.convId) });
    const second = answerText(next.chunks);
    assert.match(second, SCORE_LINE);
    assert.ok(parseHongScore(second)! < 0, second);
  });

  it('a think model in role-play streams no reasoning either', async () => {
    const read = await stream({ model: 'deepseek-reasoner', modelName: 'deepseek-reasoner', useHong: true, intelligentCode: 'hong-missed-deadline', request: '你也没提醒我啊' });
    assert.equal(lastChunk(read).code, 0);
    assert.ok(!read.chunks.some((c) => c.choices?.[0]?.delta?.reasoning_content));
    const reply = answerText(read.chunks);
    assert.match(reply, SCORE_LINE);
    assert.ok(parseHongScore(reply)! < 0, reply);
  });

  it('refuses useHong with an unknown scene before anything is written or held', async () => {
    const groups = await groupCount();
    const before = await balance();
    for (const intelligentCode of ['hong-no-such-scene', null]) {
      const read = await stream({ useHong: true, intelligentCode, request: '对不起' });
      assert.equal(read.chunks.length, 1);
      assert.equal(read.chunks[0]!.code, 400);
      assert.equal(read.chunks[0]!.error, UNKNOWN_SCENE_MESSAGE);
      assert.equal(read.done, true);
    }
    const plain = await envelope(server(), 'POST', 'backend-api/getStream', { token, payload: chatBody({ stream: false, useHong: true, intelligentCode: 'hong-nope', request: '对不起' }) });
    assert.deepEqual([plain.code, plain.msg], [400, UNKNOWN_SCENE_MESSAGE]);
    assert.equal(await groupCount(), groups);
    assert.equal(await balance(), before);
  });

  it('without useHong a scene code changes nothing: an ordinary answer', async () => {
    const read = await stream({ useHong: false, intelligentCode: 'hong-anniversary', request: '介绍一下西湖' });
    assert.equal(lastChunk(read).code, 0);
    const text = answerText(read.chunks);
    assert.equal(parseHongScore(text), null);
    assert.match(text, /离线演示/);
    assert.ok(read.chunks.some((c) => c.type === 'follow_up'));
  });
});
