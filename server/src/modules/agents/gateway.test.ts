import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AGENT_CODES, type AgentApp, type ConversationGroup, type ConversationTree, type Page } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../../testing/accounts.js';
import { answerText, chatBody, listen, readSse } from '../../testing/chatStream.js';
import { openAiChunk, openAiFrames, startFakeUpstream, type FakeUpstream } from '../../testing/fakeUpstream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { BUILT_IN_AGENTS } from './builtIn/catalogue.js';

/** A built-in app that answers with deepseek-chat. */
const MATH = BUILT_IN_AGENTS.find((seed) => seed.slug === 'math-solver')!;

const KEY_VARIABLE = 'QM_AGENTS_GATEWAY_TEST_KEY';
type User = Awaited<ReturnType<typeof registeredUser>>;

const answerFrames = (text: string) =>
  openAiFrames([openAiChunk({ content: text }), { ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5 } }]);

/** Agents in the chat gateway: a real (fake, local) channel serves deepseek-chat; every other model is the offline one. */
describe(`agents in the chat gateway (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let base: string;
  let alice: User;
  let bob: User;
  const server = () => t.app.server;
  const balance = async (user: User) => {
    const b = await t.app.points.balance(user.id);
    return b.restIntegral + b.restIntegral2;
  };
  const stream = (user: User, body: Parameters<typeof chatBody>[0]) => readSse(base, user.token, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) });
  const create = (user: User, overrides: Record<string, unknown>) =>
    data<AgentApp>(server(), 'POST', 'backend-api/createApp', {
      token: user.token,
      payload: { appName: '周报助手', description: '整理周报', systemPrompt: '你是周报助手，只用要点回答。', question1: '帮我写本周周报', ...overrides },
    });
  const groups = (user: User) => data<Page<ConversationGroup>>(server(), 'POST', 'backend-api/getConversationGroupsPage', { token: user.token, payload: { pageNo: 1, pageSize: 20 } });
  const usesOf = async (code: string) => Number((await t.app.db.db.selectFrom('agents').select('uses').where('code', '=', code).executeTakeFirstOrThrow()).uses);

  before(async () => {
    upstream = await startFakeUpstream();
    process.env[KEY_VARIABLE] = 'sk-agents-test';
    const channels = [{ id: 'fake-deepseek', kind: 'openai-compatible', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['deepseek-chat', 'gpt-4o-mini'], upstreamModels: { 'deepseek-chat': 'ds-upstream-name', 'gpt-4o-mini': 'mini-upstream-name' } }];
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, CHAT_CHANNELS: JSON.stringify(channels), OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0', CHAT_FOLLOW_UP_SECONDS: '0' });
    base = await listen(t.app.server);
    alice = await registeredUser(server());
    bob = await registeredUser(server());
    for (const user of [alice, bob]) await t.app.points.credit(user.id, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `agents-gateway:${user.id}` });
  });
  after(async () => {
    await t.close();
    await upstream.close();
    delete process.env[KEY_VARIABLE];
  });

  it("answers with the agent's model and prompt (the user's own prompt is not sent), billed 0.01 积分 per answer character", async () => {
    const agent = await create(alice, { mannulModel: 'deepseek-chat' });
    const answer = `${'答'.repeat(249)}😀`; // 250 characters (code points), 251 UTF-16 units
    upstream.reply({ type: 'stream', frames: answerFrames(answer) });
    const before = await balance(alice);
    const read = await stream(alice, { model: agent.code, intelligentCode: agent.code, modelName: agent.code, request: '整理一下本周的工作', systemPrompt: '用户自己的提示词' });
    assert.equal(read.chunks.at(-1)!.code, 0, JSON.stringify(read.chunks.at(-1)));
    assert.equal(answerText(read.chunks), answer);

    const sent = upstream.requests.at(-1)!.body as { model: string; messages: Array<{ role: string; content: string }> };
    assert.equal(sent.model, 'ds-upstream-name', "routed as the agent's model, through that model's channel");
    assert.deepEqual(sent.messages[0], { role: 'system', content: '你是周报助手，只用要点回答。' });
    assert.ok(!JSON.stringify(sent.messages).includes('用户自己的提示词'));
    assert.equal(await balance(alice), before - 3, '250 characters × 0.01 = 2.5 → 3 points');

    const tree = await data<ConversationTree>(server(), 'GET', `backend-api/getConversations?convGroupId=${read.chunks[0]!.convGroupId}`, { token: alice.token });
    assert.equal(tree.group.gptsId, agent.code);
    assert.equal(tree.group.icon, agent.appUrl);
    assert.equal(tree.roots[0]!.childs[0]!.modelName, '周报助手', "the history carries the agent's name");
    assert.equal(tree.roots[0]!.childs[0]!.model, agent.code, 'billed and recorded as the agent');
  });

  it('counts a conversation started with the agent once, not its later messages', async () => {
    const agent = await create(alice, { mannulModel: 'glm-4-flash', isPublic: 1 });
    const first = await stream(bob, { model: agent.code, intelligentCode: agent.code, request: '第一句' });
    assert.equal(await usesOf(agent.code), 1);
    const last = first.chunks.at(-1)!;
    await stream(bob, { model: agent.code, intelligentCode: agent.code, request: '第二句', convGroupId: String(last.convGroupId), parentConvId: String(last.convId) });
    assert.equal(await usesOf(agent.code), 1);
    await stream(alice, { model: agent.code, intelligentCode: agent.code, request: '另一段对话' });
    assert.equal(await usesOf(agent.code), 2);
    assert.equal((await data<AgentApp>(server(), 'GET', `backend-api/getAppByCode?gptsId=${agent.code}`, { token: bob.token })).uses, 2);
  });

  it('the offline model answers as the agent: its name and first starter question; exact per-character charge', async () => {
    const agent = await create(alice, { appName: '写作教练', question1: '怎样写好开头？', mannulModel: 'glm-4-flash' });
    const before = await balance(alice);
    const read = await stream(alice, { model: agent.code, intelligentCode: agent.code, request: '你好' });
    const text = answerText(read.chunks);
    assert.ok(text.startsWith('我是「写作教练」，很高兴为你服务。你可以问我：「怎样写好开头？」'), text.slice(0, 80));
    assert.equal(read.chunks.at(-1)!.offlineDemo, true);
    assert.equal(await balance(alice), before - Math.ceil([...text].length / 100));
  });

  it("built-in apps answer under their code; an agent whose model is no longer an agent model answers with gpt-4o-mini", async () => {
    const sentModel = () => (upstream.requests.at(-1)!.body as { model: string }).model;
    upstream.reply({ type: 'stream', frames: answerFrames('Hello!') });
    assert.equal(MATH.mannulModel, 'deepseek-chat');
    const code = `gpt-4-gizmo-g-${MATH.slug}`;
    const math = await stream(bob, { model: code, intelligentCode: code, request: 'hi' });
    assert.equal(answerText(math.chunks), 'Hello!');
    assert.equal(sentModel(), 'ds-upstream-name');
    assert.ok(JSON.stringify((upstream.requests.at(-1)!.body as { messages: unknown }).messages).includes(JSON.stringify(MATH.systemPrompt).slice(1, 40)), 'its system prompt');

    const agent = await create(alice, { mannulModel: 'deepseek-chat' });
    await t.app.db.db.updateTable('agents').set({ mannul_model: 'dall-e-3' }).where('code', '=', agent.code).execute();
    upstream.reply({ type: 'stream', frames: answerFrames('好的。') });
    const read = await stream(alice, { model: agent.code, intelligentCode: agent.code, request: '你好' });
    assert.equal(answerText(read.chunks), '好的。');
    assert.equal(sentModel(), 'mini-upstream-name', 'AGENT_FALLBACK_MODEL');
  });

  it('refuses unknown, deleted and other users’ private agents (2401) before anything is written', async () => {
    const privateAgent = await create(alice, {});
    const deleted = await create(bob, {});
    await data(server(), 'POST', 'backend-api/deleteApp', { token: bob.token, payload: { id: deleted.id } });
    const groupsBefore = (await groups(bob)).total;
    const pointsBefore = await balance(bob);
    for (const code of ['gpt-4-gizmo-g-user-c-0000000000000000', 'gpt-4-gizmo-g-no-such-app', privateAgent.code, deleted.code]) {
      const read = await stream(bob, { model: code, intelligentCode: code, request: '你好' });
      assert.equal(read.chunks.length, 1, code);
      assert.deepEqual([read.chunks[0]!.code, read.chunks[0]!.error], [AGENT_CODES.notFound, '智能体不存在或已下架'], code);
      // The @ picker (a catalogue model with an agent code) is refused alike.
      const picked = await stream(bob, { model: 'glm-4-flash', intelligentCode: code, request: '你好' });
      assert.equal(picked.chunks[0]!.code, AGENT_CODES.notFound);
    }
    assert.equal((await groups(bob)).total, groupsBefore, 'no conversation written');
    assert.equal(await balance(bob), pointsBefore, 'nothing held or charged');
    assert.equal(await usesOf(privateAgent.code), 0);
  });

  it('the @ picker: an agent code in intelligentCode with a catalogue model gives the agent’s prompt with the chosen model at its price', async () => {
    const agent = await create(alice, { mannulModel: 'deepseek-chat', systemPrompt: '你是@出来的助手。' });
    const before = await balance(alice);
    const read = await stream(alice, { model: 'glm-4-flash', intelligentCode: agent.code, request: '你好' });
    assert.equal(read.chunks.at(-1)!.code, 0);
    assert.equal(await balance(alice), before - 3, 'glm-4-flash: 3 points per request');
    assert.equal(read.chunks.at(-1)!.offlineDemo, true, 'glm-4-flash answers (offline), not the agent’s model');
    assert.match(answerText(read.chunks), /^我是「周报助手」/);
  });
});
