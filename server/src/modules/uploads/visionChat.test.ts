import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { UploadResult } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, call, data, register, uniquePhone } from '../../testing/accounts.js';
import { chatBody } from '../../testing/chatStream.js';
import { anthropicFrames, openAiChunk, openAiFrames, startFakeUpstream, type FakeUpstream } from '../../testing/fakeUpstream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { buildContext } from '../chat/context.js';
import { IMAGE_PROMPT_TOKENS } from '../chat/upstream/tokens.js';
import { multipart, plainPng } from './testFiles.js';

const KEY_VARIABLE = 'QM_VISION_TEST_UPSTREAM_KEY';
/** What the client echoes back as the image's fileContent (its OCR text). */
const OCR_TEXT = '收据编号 2025-0618';

type UpstreamBody = { messages: Array<{ role: string; content: unknown }> };

describe(`uploaded images reach models that see images (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let image: UploadResult;
  const png = plainPng(8, 8);
  const server = () => t.app.server;

  async function newUser() {
    const { accessToken } = await register(server(), { phone: uniquePhone() });
    const id = decodeJwt(accessToken).sub!;
    await t.app.points.credit(id, 'permanent', 200_000, { kind: 'redeem', reference: 'test', key: `vision-test:${id}` });
    return { token: accessToken, id };
  }

  before(async () => {
    upstream = await startFakeUpstream();
    process.env[KEY_VARIABLE] = 'sk-vision-test';
    const channels = [
      { id: 'fake-openai', kind: 'openai-compatible', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['gpt-4.1-mini', 'gpt-4o'] },
      { id: 'fake-claude', kind: 'anthropic', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['claude-sonnet-4'] },
    ];
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, CHAT_CHANNELS: JSON.stringify(channels), UPLOAD_OCR: 'false' });
    alice = await newUser();
    bob = await newUser();
    const { payload, headers } = multipart([{ name: 'file', filename: 'receipt.png', value: png, contentType: 'image/png' }]);
    const answer = await call(server(), 'POST', 'backend-api/uploadChatKnowledge2', { token: alice.token, payload, headers });
    image = answer.json().data as UploadResult;
    assert.equal(image.kind, 'image');
  });
  after(async () => {
    await t.close();
    await upstream.close();
    delete process.env[KEY_VARIABLE];
  });

  /** Sends a message with the uploaded image through getStream (plain mode) and returns what the upstream received. */
  async function ask(token: string, model: string): Promise<UpstreamBody> {
    const sent = upstream.requests.length;
    const file = { knowledgeId: image.knowledgeId, fileContent: OCR_TEXT, url: image.url, name: image.name };
    await data(server(), 'POST', 'backend-api/getStream', { token, payload: chatBody({ model, modelName: model, stream: false, request: '这张图里写了什么？', uploadedFiles: [file] }) });
    assert.equal(upstream.requests.length, sent + 1);
    return upstream.requests.at(-1)!.body as UpstreamBody;
  }
  const openAiAnswer = () => upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '一张收据。' }), { ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }]) });

  it('sends the image as an image_url part to an OpenAI-compatible vision model, naming it instead of its OCR text', async () => {
    openAiAnswer();
    const body = await ask(alice.token, 'gpt-4.1-mini');
    const question = body.messages.at(-1)!;
    assert.equal(question.role, 'user');
    const [text, picture, ...rest] = question.content as Array<Record<string, unknown>>;
    assert.equal(rest.length, 0);
    assert.deepEqual(picture, { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } });
    assert.equal(text!.type, 'text');
    assert.match(String(text!.text), /【receipt\.png】（图片，已随消息附上）/);
    assert.match(String(text!.text), /这张图里写了什么？$/);
    assert.doesNotMatch(String(text!.text), new RegExp(OCR_TEXT));
  });

  it('sends an image block to an Anthropic vision model', async () => {
    upstream.reply({
      type: 'stream',
      frames: anthropicFrames([
        { type: 'message_start', message: { usage: { input_tokens: 1700, output_tokens: 1 } } },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '收据' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } },
        { type: 'message_stop' },
      ]),
    });
    const body = await ask(alice.token, 'claude-sonnet-4');
    const blocks = body.messages.at(-1)!.content as Array<Record<string, unknown>>;
    assert.deepEqual(blocks[0], { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } });
    assert.equal(blocks.at(-1)!.type, 'text');
  });

  it('sends the OCR text to a text-only model', async () => {
    openAiAnswer();
    const body = await ask(alice.token, 'gpt-4o');
    const content = body.messages.at(-1)!.content;
    assert.equal(typeof content, 'string');
    assert.match(String(content), new RegExp(`【receipt\\.png】\\n${OCR_TEXT}`));
  });

  it("never sends another user's image: the knowledgeId of someone else's file adds only the text the client sent", async () => {
    openAiAnswer();
    const body = await ask(bob.token, 'gpt-4.1-mini');
    const content = body.messages.at(-1)!.content;
    assert.equal(typeof content, 'string', 'no image parts');
    assert.match(String(content), new RegExp(OCR_TEXT));
  });

  it('counts each attached image in the prompt estimate that the points hold covers', async () => {
    const body = chatBody({ request: '看图', uploadedFiles: [{ knowledgeId: image.knowledgeId, fileContent: OCR_TEXT, name: 'receipt.png' }] });
    const history = [{ role: 'user' as const, content: '看图' }];
    const source = { images: async (_userId: string, ids: readonly string[]) => ids.map((knowledgeId) => ({ knowledgeId, mime: 'image/png', data: png })) };
    const withImage = await buildContext({ userId: alice.id, body }, history, [], { vision: true, uploadedImages: source });
    const textOnly = await buildContext({ userId: alice.id, body }, history, [], { vision: false, uploadedImages: source });
    const chars = (context: typeof withImage) => context.messages.reduce((sum, m) => sum + m.content.length, 0);
    assert.equal(withImage.messages.at(-1)!.images?.length, 1);
    assert.equal(withImage.promptChars, chars(withImage) + IMAGE_PROMPT_TOKENS);
    assert.equal(textOnly.messages.at(-1)!.images, undefined);
    assert.equal(textOnly.promptChars, chars(textOnly));
  });
});
