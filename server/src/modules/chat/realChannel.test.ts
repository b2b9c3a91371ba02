import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { ConversationTree, ModelCatalogue, StreamChunk } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, data, register, uniquePhone } from '../../testing/accounts.js';
import { chatBody, listen, readSse } from '../../testing/chatStream.js';
import { anthropicFrames, openAiChunk, openAiFrames, startFakeUpstream, type FakeUpstream } from '../../testing/fakeUpstream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../../testing/testRedis.js';

const KEY_VARIABLE = 'QM_REAL_CHANNEL_TEST_KEY';

/** One streamed OpenAI answer: the text, then a stop with usage. */
const answerFrames = (text: string) =>
  openAiFrames([openAiChunk({ content: text }), { ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5 } }]);

const channelsOf = (upstream: FakeUpstream) => [
  { id: 'fake-openai', kind: 'openai-compatible', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['gpt-4o'] },
  { id: 'fake-claude', kind: 'anthropic', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['claude-sonnet-4'] },
];

/** A follow-up call the test answers when it says so: `release` lets the upstream reply. */
function heldFollowUps(text: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { reply: { type: 'stream' as const, frames: answerFrames(text), holdUntil: held }, release };
}

/** Resolves with the chunk that completes the answer, as `onChunk` sees it arrive. */
function completion() {
  let complete!: (chunk: StreamChunk) => void;
  const chunk = new Promise<StreamChunk>((resolve) => (complete = resolve));
  return { chunk, onChunk: (c: StreamChunk) => c.answerComplete && complete(c) };
}

/** The chat gateway with a real (fake, local) OpenAI-compatible channel serving gpt-4o. */
describe(`chat on a real channel (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let base: string;
  let token: string;
  let userId: string;
  const balance = async () => {
    const b = await t.app.points.balance(userId);
    return b.restIntegral + b.restIntegral2;
  };

  before(async () => {
    upstream = await startFakeUpstream();
    process.env[KEY_VARIABLE] = 'sk-real-channel-test';
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, CHAT_CHANNELS: JSON.stringify(channelsOf(upstream)), OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0', CHAT_FOLLOW_UP_SECONDS: '1' });
    base = await listen(t.app.server);
    const session = await register(t.app.server, { phone: uniquePhone() });
    token = session.accessToken;
    userId = decodeJwt(token).sub!;
    await t.app.points.credit(userId, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `real-channel:${userId}` });
  });
  after(async () => {
    await t.close();
    await upstream.close();
    delete process.env[KEY_VARIABLE];
  });

  const stream = (body: Parameters<typeof chatBody>[0], options?: Parameters<typeof readSse>[3]) => readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) }, options);
  const tree = (convGroupId: string) => data<ConversationTree>(t.app.server, 'GET', `backend-api/getConversations?convGroupId=${convGroupId}`, { token });

  it('web search: unavailable on a real channel in the catalogue, ignored and never charged; the offline model keeps its imitation', async () => {
    const catalogue = await data<ModelCatalogue>(t.app.server, 'GET', 'backend-api/getModelOptions');
    const option = (id: string) => catalogue.options.find((o) => o.value === id)!;
    assert.deepEqual([option('gpt-4o').offlineDemo, option('gpt-4o').webSearchAvailable], [false, false]);
    assert.deepEqual([option('glm-4-flash').offlineDemo, option('glm-4-flash').webSearchAvailable], [true, true]);

    upstream.reply({ type: 'stream', frames: answerFrames('答案。') });
    const before = await balance();
    const read = await stream({ model: 'gpt-4o', modelName: 'gpt-4o', request: '今天的新闻', search: true });
    assert.equal(read.chunks.at(-1)!.code, 0);
    assert.equal(await balance(), before - 600, 'the model price only: no search fee for a search that did not run');

    // The offline model imitates a search with references: that search is charged as before (3 + 500).
    const offlineBefore = await balance();
    const offline = await stream({ model: 'glm-4-flash', request: '今天的科技新闻', search: true });
    assert.ok(offline.chunks.some((c) => (c.references?.length ?? 0) > 0));
    assert.equal(offline.chunks.at(-1)!.offlineDemo, true);
    assert.equal(await balance(), offlineBefore - 503);
  });

  const followUpOf = (read: Awaited<ReturnType<typeof stream>>) => read.chunks.find((c) => c.type === 'follow_up')?.choices?.[0]?.delta?.content;
  type SentBody = { messages: Array<{ role: string; content: unknown }>; max_tokens?: number; stream?: boolean };
  const anthropicText = (text: string) =>
    anthropicFrames([
      { type: 'message_start', message: { id: 'msg_fake', type: 'message', role: 'assistant', content: [], model: 'claude-fake', stop_reason: null, stop_sequence: null, usage: { input_tokens: 9, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } },
      { type: 'message_stop' },
    ]);

  it('follow-ups: asks the same channel after the answer (OpenAI-compatible and Anthropic), streams them as one follow_up chunk, free', async () => {
    const sent = upstream.requests.length;
    upstream.reply({ type: 'stream', frames: answerFrames('长城是中国古代的防御工程。') }, { type: 'stream', frames: answerFrames('1. 长城有多长？\n2. 长城是谁修建的？\n3. 长城能从太空看到吗？') });
    const before = await balance();
    const read = await stream({ model: 'gpt-4o', modelName: 'gpt-4o', request: '介绍一下长城' });
    assert.equal(followUpOf(read), '长城有多长？&&长城是谁修建的？&&长城能从太空看到吗？');
    assert.equal(read.chunks.at(-1)!.type, 'follow_up', 'the last chunk, after the one completing the answer');
    assert.equal(read.chunks.at(-2)!.answerComplete, true);
    assert.equal(read.done, true);
    assert.equal(await balance(), before - 600, 'the suggestions cost nothing');
    assert.equal(upstream.requests.length, sent + 2);
    const call = upstream.requests.at(-1)!.body as SentBody;
    assert.equal(call.max_tokens, 200);
    assert.match(JSON.stringify(call.messages), /3 short follow-up questions/);
    assert.match(JSON.stringify(call.messages), /长城是中国古代的防御工程/);

    upstream.reply({ type: 'stream', frames: anthropicText('Rome was founded in 753 BC.') }, { type: 'stream', frames: anthropicText('- Who founded Rome?\n- Why did Rome fall?\n- What was the Senate?') });
    const claude = await stream({ model: 'claude-sonnet-4', modelName: 'claude-sonnet-4', request: 'When was Rome founded?' });
    assert.equal(followUpOf(claude), 'Who founded Rome?&&Why did Rome fall?&&What was the Senate?');
    assert.equal(upstream.requests.at(-1)!.path, '/v1/messages');
  });

  it('follow-ups never hold the answer: it completes (saved, billed) while their call is held; they come after it, saved, then the end — for a resume after the answer too', async () => {
    const sent = upstream.requests.length;
    const followUps = heldFollowUps('1. 黄河有多长？\n2. 黄河流经哪些省份？\n3. 黄河为什么是黄色的？');
    upstream.reply({ type: 'stream', frames: answerFrames('黄河是中国第二长河。') }, followUps.reply);
    const before = await balance();
    const completed = completion();
    const reading = stream({ model: 'gpt-4o', modelName: 'gpt-4o', request: '介绍一下黄河' }, { onChunk: completed.onChunk });

    const final = await completed.chunk;
    await upstream.received(sent + 2); // the suggestions call is made, and held
    assert.equal(await balance(), before - 600, 'settled before the chunk that completes the answer');
    const question = (await tree(String(final.convGroupId))).roots.at(-1)!;
    const answer = question.childs[0]!;
    assert.deepEqual([answer.convId, answer.status, answer.chatContent[0]!.content, answer.chatContent[0]!.followUps], [final.convId, 'done', '黄河是中国第二长河。', []]);
    assert.deepEqual([final.parentConvId, final.createTime, final.title], [question.convId, answer.createTime, '介绍一下黄河']);
    // Attached after the answer: it waits for the suggestions with the first reader.
    const resumed = readSse(base, token, { method: 'GET', path: `backend-api/resumeStream?convId=${final.convId}&after=${final.seq}` });

    followUps.release();
    const read = await reading;
    const afterAnswer = read.chunks.slice(read.chunks.findIndex((c) => c.answerComplete) + 1);
    assert.deepEqual(afterAnswer.map((c) => [c.type, c.choices?.[0]?.delta?.content]), [['follow_up', '黄河有多长？&&黄河流经哪些省份？&&黄河为什么是黄色的？']]);
    assert.equal(read.done, true);
    const rest = await resumed;
    assert.deepEqual(rest.chunks.map((c) => [c.seq, c.type]), [[final.seq! + 1, 'follow_up']]);
    assert.equal(rest.done, true);
    const saved = (await tree(String(final.convGroupId))).roots.at(-1)!.childs[0]!;
    assert.deepEqual(saved.chatContent[0]!.followUps, ['黄河有多长？', '黄河流经哪些省份？', '黄河为什么是黄色的？']);
    assert.equal(await balance(), before - 600, 'the suggestions cost nothing');
  });

  it('a stop while the suggestions are asked only ends that call: the answer stays done, none are shown', async () => {
    const sent = upstream.requests.length;
    const followUps = heldFollowUps('1. 不会出现的问题？');
    upstream.reply({ type: 'stream', frames: answerFrames('答案。') }, followUps.reply);
    const completed = completion();
    const reading = stream({ model: 'gpt-4o', modelName: 'gpt-4o', request: '问题' }, { onChunk: completed.onChunk });
    const final = await completed.chunk;
    const call = await upstream.received(sent + 2);
    assert.deepEqual(await data(t.app.server, 'GET', `backend-api/stopChatId?chatId=${final.convId}`, { token }), { stopped: true });
    await call.closed; // the suggestions call was cut
    const read = await reading;
    assert.equal(read.chunks.at(-1)!.answerComplete, true, 'nothing after the answer');
    assert.equal(read.done, true);
    const saved = (await tree(String(final.convGroupId))).roots.at(-1)!.childs[0]!;
    assert.deepEqual([saved.status, saved.chatContent[0]!.followUps], ['done', []]);
    followUps.release();
  });

  it('follow-ups: hidden when the call fails or times out; not asked in the plain mode or after a stop', { timeout: 30_000 }, async () => {
    upstream.reply({ type: 'stream', frames: answerFrames('答案一。') }, { type: 'json', status: 500, body: { error: { message: 'boom' } } });
    const failed = await stream({ model: 'gpt-4o', modelName: 'gpt-4o', request: '问题一' });
    assert.equal(followUpOf(failed), undefined);
    assert.equal(failed.chunks.at(-1)!.answerComplete, true);

    upstream.reply({ type: 'stream', frames: answerFrames('答案二。') }, { type: 'silent' });
    // The silent channel never answers: the stream ends only because the call is given up after
    // CHAT_FOLLOW_UP_SECONDS (a hang would meet the test's time limit).
    const slow = await stream({ model: 'gpt-4o', modelName: 'gpt-4o', request: '问题二' });
    assert.equal(followUpOf(slow), undefined);
    assert.equal(slow.chunks.at(-1)!.answerComplete, true);

    let sent = upstream.requests.length;
    upstream.reply({ type: 'stream', frames: answerFrames('答案三。') });
    await data(t.app.server, 'POST', 'backend-api/getStream', { token, payload: chatBody({ model: 'gpt-4o', modelName: 'gpt-4o', stream: false, request: '问题三' }) });
    assert.equal(upstream.requests.length, sent + 1, 'no suggestions call for the plain mode');

    sent = upstream.requests.length;
    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '一半' })], { done: false }), end: 'hold' });
    let convId = '';
    const stopped = await readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ model: 'gpt-4o', modelName: 'gpt-4o', request: '问题四' }) }, {
      onChunk: (chunk) => {
        convId ||= String(chunk.convId ?? '');
        if (chunk.choices?.[0]?.delta?.content === '一半') void data(t.app.server, 'GET', `backend-api/stopChatId?chatId=${convId}`, { token });
      },
    });
    assert.equal(stopped.chunks.at(-1)!.code, 699);
    assert.equal(upstream.requests.length, sent + 1, 'no suggestions call after a stop');
  });
});

/** The same across two instances sharing the database and Redis: the job's log is read through the other one. */
describe(`chat on a real channel across two instances (${process.env.TEST_DATABASE ?? 'sqlite'})`, redisSuite, () => {
  const prefix = testKeyPrefix();
  let upstream: FakeUpstream;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let token: string;
  before(async () => {
    if (redisSuite.skip) return;
    upstream = await startFakeUpstream();
    process.env[KEY_VARIABLE] = 'sk-real-channel-test';
    const env = { ...ACCOUNT_TEST_ENV, CHAT_CHANNELS: JSON.stringify(channelsOf(upstream)), REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix, CHAT_FOLLOW_UP_SECONDS: '30' };
    a = await createTestApp({ ...env, INSTANCE_ID: 'real-a' });
    b = await createTestApp({ ...env, INSTANCE_ID: 'real-b' }, { storage: a.storage });
    token = (await register(a.app.server, { phone: uniquePhone() })).accessToken;
    const userId = decodeJwt(token).sub!;
    await a.app.points.credit(userId, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `real-two:${userId}` });
    baseA = await listen(a.app.server);
    baseB = await listen(b.app.server);
  });
  beforeEach(() => assertRedisReachable());
  after(async () => {
    await b?.close();
    await a?.close();
    await upstream?.close();
    await deleteTestKeys(prefix);
    delete process.env[KEY_VARIABLE];
  });

  it('a resume through the other instance after the answer completed gets the follow-ups, then the end', async () => {
    const followUps = heldFollowUps('1. 泰山有多高？\n2. 泰山在哪个省？\n3. 怎样登泰山？');
    upstream.reply({ type: 'stream', frames: answerFrames('泰山是五岳之首。') }, followUps.reply);
    const completed = completion();
    const reading = readSse(baseA, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ model: 'gpt-4o', modelName: 'gpt-4o', request: '介绍泰山' }) }, { onChunk: completed.onChunk });
    const final = await completed.chunk;
    await upstream.received(2);
    assert.equal(await data<boolean>(b.app.server, 'GET', `backend-api/checkChatId?chatId=${final.convId}`, { token }), true, 'the job runs on until the suggestions are in');
    const resumed = readSse(baseB, token, { method: 'GET', path: `backend-api/resumeStream?convId=${final.convId}&after=${final.seq}` });
    followUps.release();
    const rest = await resumed;
    assert.deepEqual(rest.chunks.map((c) => [c.seq, c.type, c.choices?.[0]?.delta?.content]), [[final.seq! + 1, 'follow_up', '泰山有多高？&&泰山在哪个省？&&怎样登泰山？']]);
    assert.equal(rest.done, true);
    assert.equal((await reading).done, true);
  });
});
