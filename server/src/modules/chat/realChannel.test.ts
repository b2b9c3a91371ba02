import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelCatalogue } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, data, register, uniquePhone } from '../../testing/accounts.js';
import { chatBody, listen, readSse } from '../../testing/chatStream.js';
import { openAiChunk, openAiFrames, startFakeUpstream, type FakeUpstream } from '../../testing/fakeUpstream.js';
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
    const channels = [{ id: 'fake-openai', kind: 'openai-compatible', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['gpt-4o'] }];
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, CHAT_CHANNELS: JSON.stringify(channels), OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0' });
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
});
