import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelCatalogue } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, data, register, uniquePhone } from '../../testing/accounts.js';
import { chatBody, listen, readSse } from '../../testing/chatStream.js';
import { anthropicFrames, openAiChunk, openAiFrames, startFakeUpstream, type FakeUpstream } from '../../testing/fakeUpstream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';

const KEY_VARIABLE = 'QM_REAL_CHANNEL_TEST_KEY';

/** One streamed OpenAI answer: the text, then a stop with usage. */
const answerFrames = (text: string) =>
  openAiFrames([openAiChunk({ content: text }), { ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5 } }]);

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
    const channels = [
      { id: 'fake-openai', kind: 'openai-compatible', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['gpt-4o'] },
      { id: 'fake-claude', kind: 'anthropic', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['claude-sonnet-4'] },
    ];
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, CHAT_CHANNELS: JSON.stringify(channels), OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0', CHAT_FOLLOW_UP_SECONDS: '1' });
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

  const stream = (body: Parameters<typeof chatBody>[0]) => readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) });

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
    const followUpAt = read.chunks.findIndex((c) => c.type === 'follow_up');
    assert.equal(followUpAt, read.chunks.length - 2, 'after the answer, before the final chunk');
    assert.equal(read.chunks.at(-1)!.code, 0);
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

  it('follow-ups: hidden when the call fails or times out; not asked in the plain mode or after a stop', { timeout: 30_000 }, async () => {
    upstream.reply({ type: 'stream', frames: answerFrames('答案一。') }, { type: 'json', status: 500, body: { error: { message: 'boom' } } });
    const failed = await stream({ model: 'gpt-4o', modelName: 'gpt-4o', request: '问题一' });
    assert.equal(followUpOf(failed), undefined);
    assert.equal(failed.chunks.at(-1)!.code, 0);

    upstream.reply({ type: 'stream', frames: answerFrames('答案二。') }, { type: 'silent' });
    // The silent channel never answers: the stream ends only because the call is given up after
    // CHAT_FOLLOW_UP_SECONDS (a hang would meet the test's time limit).
    const slow = await stream({ model: 'gpt-4o', modelName: 'gpt-4o', request: '问题二' });
    assert.equal(followUpOf(slow), undefined);
    assert.equal(slow.chunks.at(-1)!.code, 0);

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
