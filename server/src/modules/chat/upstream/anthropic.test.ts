import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { anthropicFrames, startFakeUpstream, type FakeUpstream } from '../../../testing/fakeUpstream.js';
import { AnthropicAdapter, toAnthropicConversation, type AnthropicOptions } from './anthropic.js';
import { chatRequest, collect, collectFailure, textOf } from './testStreams.js';
import { countPromptTokens, countTokens } from './tokens.js';
import { INPUT_REJECTED_MESSAGE } from './upstreamErrors.js';

const messageStart = (usage: Record<string, number> = { input_tokens: 25, output_tokens: 1 }) => ({
  type: 'message_start',
  message: { id: 'msg_fake', type: 'message', role: 'assistant', content: [], model: 'claude-fake', stop_reason: null, stop_sequence: null, usage },
});
const blockStart = (index: number, block: Record<string, unknown>) => ({ type: 'content_block_start', index, content_block: block });
const blockDelta = (index: number, delta: Record<string, unknown>) => ({ type: 'content_block_delta', index, delta });
const blockStop = (index: number) => ({ type: 'content_block_stop', index });
const messageDelta = (usage: Record<string, number>) => ({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage });
const messageStop = { type: 'message_stop' };
const ping = { type: 'ping' };
const errorEvent = (type: string, message: string) => ({ type: 'error', error: { type, message } });

describe('Anthropic adapter (against a fake upstream over HTTP)', () => {
  let upstream: FakeUpstream;
  const adapterWith = (options: Partial<AnthropicOptions> = {}) => new AnthropicAdapter({ baseUrl: upstream.baseUrl, apiKey: 'sk-ant-test', ...options });

  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(() => upstream.close());
  beforeEach(() => {
    upstream.requests.length = 0;
  });

  it('posts the documented request and maps thinking and text deltas, with usage from message_start and message_delta', async () => {
    upstream.reply({
      type: 'stream',
      frames: anthropicFrames([
        messageStart({ input_tokens: 25, output_tokens: 1 }),
        blockStart(0, { type: 'thinking', thinking: '' }),
        ping,
        blockDelta(0, { type: 'thinking_delta', thinking: '用户在打招呼，' }),
        blockDelta(0, { type: 'thinking_delta', thinking: '友好回应。' }),
        blockDelta(0, { type: 'signature_delta', signature: 'EqQBCgIYAhIM' }),
        blockStop(0),
        blockStart(1, { type: 'text', text: '' }),
        blockDelta(1, { type: 'text_delta', text: '你好！' }),
        blockDelta(1, { type: 'text_delta', text: '很高兴见到你。' }),
        blockStop(1),
        messageDelta({ output_tokens: 42 }),
        messageStop,
      ]),
    });
    const request = chatRequest({
      model: 'claude-sonnet-4-20250514',
      think: true,
      maxOutputTokens: 4000,
      messages: [
        { role: 'system', content: '你是启明助手。' },
        { role: 'user', content: '第一问' },
        { role: 'assistant', content: '第一答' },
        { role: 'user', content: '补充一句' },
        { role: 'user', content: '你好' },
      ],
    });
    const events = await collect(adapterWith({ anthropicVersion: '2023-06-01' }).stream(request));

    assert.deepEqual(events, [
      { type: 'reasoning', text: '用户在打招呼，' },
      { type: 'reasoning', text: '友好回应。' },
      { type: 'content', text: '你好！' },
      { type: 'content', text: '很高兴见到你。' },
      { type: 'usage', inputTokens: 25, outputTokens: 42 },
    ]);
    const [received] = upstream.requests;
    assert.equal(received?.path, '/v1/messages');
    assert.equal(received?.headers['x-api-key'], 'sk-ant-test');
    assert.equal(received?.headers['anthropic-version'], '2023-06-01');
    assert.equal(received?.headers.authorization, undefined);
    assert.deepEqual(received?.body, {
      model: 'claude-sonnet-4-20250514',
      max_tokens: 4000,
      system: '你是启明助手。',
      messages: [
        { role: 'user', content: '第一问' },
        { role: 'assistant', content: '第一答' },
        { role: 'user', content: '补充一句\n\n你好' },
      ],
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 2000 },
    });
  });

  it('asks for thinking only for think models and only with a budget of at least 1024 below max_tokens', async () => {
    const bodyFor = async (options: Partial<AnthropicOptions>, think: boolean, maxOutputTokens: number) => {
      upstream.requests.length = 0;
      upstream.reply({ type: 'stream', frames: anthropicFrames([messageStart(), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: '好' }), messageStop]) });
      await collect(adapterWith(options).stream(chatRequest({ think, maxOutputTokens })));
      return upstream.requests[0]?.body as { thinking?: unknown };
    };
    assert.equal((await bodyFor({}, false, 4000)).thinking, undefined);
    assert.equal((await bodyFor({}, true, 2000)).thinking, undefined, 'half of 2000 is below the minimum');
    assert.deepEqual((await bodyFor({ thinkingBudgetTokens: 5000 }, true, 1500)).thinking, { type: 'enabled', budget_tokens: 1499 });
    assert.equal((await bodyFor({ thinkingBudgetTokens: 5000 }, true, 1024)).thinking, undefined);
    assert.deepEqual((await bodyFor({ thinkingBudgetTokens: 3000 }, true, 8000)).thinking, { type: 'enabled', budget_tokens: 3000 });
  });

  it('merges consecutive same-role messages, joins system messages and drops empty ones', () => {
    assert.deepEqual(
      toAnthropicConversation([
        { role: 'system', content: '规则一' },
        { role: 'user', content: '问' },
        { role: 'assistant', content: '' },
        { role: 'user', content: '再问' },
        { role: 'system', content: '规则二' },
      ]),
      { system: '规则一\n\n规则二', messages: [{ role: 'user', content: '问\n\n再问' }] },
    );
    assert.deepEqual(toAnthropicConversation([{ role: 'user', content: '只有问题' }]), { messages: [{ role: 'user', content: '只有问题' }] });
  });

  it('turns a message with images into content blocks (images first, base64 sources), merged with a neighbouring turn', () => {
    const png = { mediaType: 'image/png', data: 'iVBORw0KGgo=' };
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
    assert.deepEqual(
      toAnthropicConversation([
        { role: 'system', content: '规则' },
        { role: 'user', content: '前一个问题' },
        { role: 'assistant', content: '' },
        { role: 'user', content: '看看这张图', images: [png] },
      ]),
      {
        system: '规则',
        messages: [{ role: 'user', content: [{ type: 'text', text: '前一个问题' }, image, { type: 'text', text: '看看这张图' }] }],
      },
    );
    assert.deepEqual(toAnthropicConversation([{ role: 'user', content: '', images: [png] }]), { messages: [{ role: 'user', content: [image] }] });
    assert.deepEqual(
      toAnthropicConversation([
        { role: 'user', content: '图', images: [png] },
        { role: 'user', content: '补充' },
      ]),
      { messages: [{ role: 'user', content: [image, { type: 'text', text: '图' }, { type: 'text', text: '补充' }] }] },
    );
  });

  it('posts the image blocks in the request body', async () => {
    upstream.reply({ type: 'stream', frames: anthropicFrames([messageStart({ input_tokens: 1700, output_tokens: 1 }), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: '一张收据' }), blockStop(0), messageDelta({ output_tokens: 4 }), messageStop]) });
    await collect(adapterWith().stream(chatRequest({ messages: [{ role: 'user', content: '这是什么？', images: [{ mediaType: 'image/webp', data: 'UklGRg==' }] }] })));
    const body = upstream.requests.at(-1)?.body as { messages: unknown };
    assert.deepEqual(body.messages, [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' } }, { type: 'text', text: '这是什么？' }] }]);
  });

  it('takes input tokens from message_delta when it reports them, cache tokens included', async () => {
    upstream.reply({
      type: 'stream',
      frames: anthropicFrames([
        messageStart({ input_tokens: 10, cache_read_input_tokens: 90, output_tokens: 1 }),
        blockStart(0, { type: 'text', text: '' }),
        blockDelta(0, { type: 'text_delta', text: '答' }),
        messageDelta({ output_tokens: 5 }),
        messageDelta({ input_tokens: 12, cache_read_input_tokens: 90, output_tokens: 7 }),
        messageStop,
      ]),
    });
    const events = await collect(adapterWith().stream(chatRequest()));
    assert.deepEqual(events, [
      { type: 'content', text: '答' },
      { type: 'usage', inputTokens: 100, outputTokens: 5 },
      { type: 'usage', inputTokens: 102, outputTokens: 7 },
    ]);
  });

  it('counts tokens when a compatible upstream reports no usage', async () => {
    upstream.reply({
      type: 'stream',
      frames: anthropicFrames([{ type: 'message_start', message: { id: 'x', content: [] } }, blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: '没有用量的回答' }), messageStop]),
    });
    const request = chatRequest();
    const events = await collect(adapterWith().stream(request));
    assert.deepEqual(events.at(-1), { type: 'usage', inputTokens: countPromptTokens(request.messages), outputTokens: countTokens('没有用量的回答') });
  });

  it('maps tool_use blocks and their input_json_delta to accumulated tool calls', async () => {
    upstream.reply({
      type: 'stream',
      frames: anthropicFrames([
        messageStart(),
        blockStart(0, { type: 'text', text: '' }),
        blockDelta(0, { type: 'text_delta', text: '我查一下。' }),
        blockStop(0),
        blockStart(1, { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: {} }),
        blockDelta(1, { type: 'input_json_delta', partial_json: '' }),
        blockDelta(1, { type: 'input_json_delta', partial_json: '{"city": ' }),
        blockDelta(1, { type: 'input_json_delta', partial_json: '"上海"}' }),
        blockStop(1),
        messageDelta({ output_tokens: 30 }),
        messageStop,
      ]),
    });
    const events = await collect(adapterWith().stream(chatRequest()));
    const calls = events.filter((event) => event.type === 'toolCall');
    assert.deepEqual(calls, [
      { type: 'toolCall', index: 0, id: 'toolu_01', name: 'get_weather', arguments: '' },
      { type: 'toolCall', index: 0, id: 'toolu_01', name: 'get_weather', arguments: '{"city": ' },
      { type: 'toolCall', index: 0, id: 'toolu_01', name: 'get_weather', arguments: '{"city": "上海"}' },
    ]);
    assert.equal(textOf(events, 'content'), '我查一下。');
  });

  it('throws an overloaded error event with failover, before any event when it comes first', async () => {
    upstream.reply({ type: 'stream', frames: anthropicFrames([messageStart(), ping, errorEvent('overloaded_error', 'Overloaded')]) });
    const { events, error } = await collectFailure(adapterWith().stream(chatRequest()));
    assert.deepEqual(events, [], 'the usage of message_start must not count as the first event');
    assert.equal(error.failover, true);
    assert.match(error.message, /overloaded_error: Overloaded/);
  });

  it('maps error event types: api_error fails over, invalid_request_error does not and explains', async () => {
    upstream.reply({ type: 'stream', frames: anthropicFrames([messageStart(), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: '一半' }), errorEvent('api_error', 'Internal server error')]) });
    const apiError = await collectFailure(adapterWith().stream(chatRequest()));
    assert.equal(textOf(apiError.events, 'content'), '一半');
    assert.equal(apiError.error.failover, true);

    upstream.reply({ type: 'stream', frames: anthropicFrames([errorEvent('invalid_request_error', 'prompt is too long')]) });
    const invalid = await collectFailure(adapterWith().stream(chatRequest()));
    assert.equal(invalid.error.failover, false);
    assert.equal(invalid.error.options.userMessage, INPUT_REJECTED_MESSAGE);
    assert.match(invalid.error.message, /prompt is too long/);
  });

  it('maps HTTP 529 (overloaded) to failover and HTTP 400 to a refusal with the upstream message', async () => {
    upstream.reply({ type: 'json', status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });
    const overloaded = await collectFailure(adapterWith().stream(chatRequest()));
    assert.equal(overloaded.error.status, 529);
    assert.equal(overloaded.error.failover, true);
    assert.match(overloaded.error.message, /HTTP 529: overloaded_error: Overloaded/);

    upstream.reply({ type: 'json', status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: must be greater than thinking.budget_tokens' } } });
    const invalid = await collectFailure(adapterWith().stream(chatRequest()));
    assert.equal(invalid.error.status, 400);
    assert.equal(invalid.error.failover, false);
    assert.equal(invalid.error.options.userMessage, INPUT_REJECTED_MESSAGE);
    assert.match(invalid.error.message, /must be greater than thinking\.budget_tokens/);
  });

  it('throws when the stream ends without message_stop', async () => {
    upstream.reply({ type: 'stream', frames: anthropicFrames([messageStart(), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: '没说完' })]) });
    const { events, error } = await collectFailure(adapterWith().stream(chatRequest()));
    assert.equal(textOf(events, 'content'), '没说完');
    assert.equal(error.failover, true);
    assert.match(error.message, /before message_stop/);
  });

  it('reads events split at every few bytes', async () => {
    upstream.reply({
      type: 'stream',
      frames: anthropicFrames([messageStart(), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: '逐字节到达的中文回答。' }), messageDelta({ output_tokens: 9 }), messageStop]),
      chunkBytes: 7,
      pauseMs: 1,
    });
    const events = await collect(adapterWith().stream(chatRequest()));
    assert.deepEqual(events, [
      { type: 'content', text: '逐字节到达的中文回答。' },
      { type: 'usage', inputTokens: 25, outputTokens: 9 },
    ]);
  });

  it('stops quietly when aborted mid-stream', async () => {
    upstream.reply({ type: 'stream', frames: anthropicFrames([messageStart(), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: '第一句' })]), end: 'hold' });
    const controller = new AbortController();
    const events = [];
    for await (const event of adapterWith().stream(chatRequest({ signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'content') controller.abort();
    }
    assert.deepEqual(events, [{ type: 'content', text: '第一句' }]);
    await upstream.requests[0]?.closed;
  });
});
