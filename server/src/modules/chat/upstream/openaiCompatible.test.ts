import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { openAiChunk, openAiFrames, refusedBaseUrl, sseFrame, startFakeUpstream, type FakeUpstream } from '../../../testing/fakeUpstream.js';
import { OpenAiCompatibleAdapter, type OpenAiCompatibleOptions } from './openaiCompatible.js';
import { chatRequest, collect, collectFailure, textOf } from './testStreams.js';
import { countPromptTokens, countTokens, IMAGE_PROMPT_TOKENS } from './tokens.js';
import { INPUT_REJECTED_MESSAGE } from './upstreamErrors.js';

const usageChunk = (prompt: number, completion: number) => ({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });
const stopChunk = () => ({ ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });

describe('OpenAI-compatible adapter (against a fake upstream over HTTP)', () => {
  let upstream: FakeUpstream;
  let adapter: OpenAiCompatibleAdapter;
  const adapterWith = (options: Partial<OpenAiCompatibleOptions>) => new OpenAiCompatibleAdapter({ baseUrl: upstream.baseUrl, apiKey: 'sk-test', ...options });

  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(() => upstream.close());
  beforeEach(() => {
    upstream.requests.length = 0;
    adapter = adapterWith({});
  });

  it('posts the documented streaming request and maps reasoning and content deltas in order', async () => {
    upstream.reply({
      type: 'stream',
      frames: openAiFrames([
        openAiChunk({ role: 'assistant', content: '' }),
        openAiChunk({ reasoning_content: '先想一想' }),
        openAiChunk({ reasoning_content: '……' }),
        openAiChunk({ content: '你好！' }),
        openAiChunk({ content: '有什么可以帮你？' }),
        stopChunk(),
        usageChunk(21, 9),
      ]),
    });
    const request = chatRequest({ model: 'deepseek-reasoner', maxOutputTokens: 1234 });
    const events = await collect(adapter.stream(request));

    assert.deepEqual(events, [
      { type: 'reasoning', text: '先想一想' },
      { type: 'reasoning', text: '……' },
      { type: 'content', text: '你好！' },
      { type: 'content', text: '有什么可以帮你？' },
      { type: 'usage', inputTokens: 21, outputTokens: 9 },
    ]);
    const [received] = upstream.requests;
    assert.equal(received?.method, 'POST');
    assert.equal(received?.path, '/v1/chat/completions');
    assert.equal(received?.headers.authorization, 'Bearer sk-test');
    assert.equal(received?.headers['content-type'], 'application/json');
    assert.deepEqual(received?.body, {
      model: 'deepseek-reasoner',
      messages: request.messages,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 1234,
    });
  });

  it('sends the output limit as max_completion_tokens when the channel says so (OpenAI o-series)', async () => {
    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '答' }), usageChunk(5, 2)]) });
    const openAi = adapterWith({ maxTokensField: 'max_completion_tokens' });
    await collect(openAi.stream(chatRequest({ maxOutputTokens: 77 })));
    const body = upstream.requests.at(-1)?.body as Record<string, unknown>;
    assert.equal(body.max_completion_tokens, 77);
    assert.equal('max_tokens' in body, false);
  });

  it('sends a message with images as content parts: the text, then each image as a data URL; counts the images when no usage comes', async () => {
    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '图里是一张收据。' }), stopChunk()]) });
    const request = chatRequest({
      messages: [
        { role: 'system', content: '你是启明助手。' },
        { role: 'user', content: '上一问' },
        { role: 'assistant', content: '上一答' },
        { role: 'user', content: '这张图里写了什么？', images: [{ mediaType: 'image/png', data: 'iVBORw0KGgo=' }, { mediaType: 'image/jpeg', data: '/9j/4AAQ' }] },
      ],
    });
    const events = await collect(adapter.stream(request));
    const body = upstream.requests.at(-1)?.body as { messages: unknown[] };
    assert.deepEqual(body.messages, [
      { role: 'system', content: '你是启明助手。' },
      { role: 'user', content: '上一问' },
      { role: 'assistant', content: '上一答' },
      {
        role: 'user',
        content: [
          { type: 'text', text: '这张图里写了什么？' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } },
        ],
      },
    ]);
    const usage = events.at(-1);
    assert.ok(usage?.type === 'usage');
    assert.equal(usage.inputTokens, countPromptTokens(request.messages));
    assert.ok(usage.inputTokens > 2 * IMAGE_PROMPT_TOKENS, 'each image counts in the estimate');
  });

  it('accepts `delta.reasoning` (OpenRouter) as reasoning too', async () => {
    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ reasoning: '思考' }), openAiChunk({ content: '答' }), usageChunk(5, 2)]) });
    const events = await collect(adapter.stream(chatRequest()));
    assert.equal(textOf(events, 'reasoning'), '思考');
    assert.equal(textOf(events, 'content'), '答');
  });

  it('reassembles frames written one byte at a time, UTF-8 characters and "data:" prefixes cut in half', async () => {
    const text = '你好，世界！🌏 Ünïcödé';
    const frames = openAiFrames([openAiChunk({ content: text.slice(0, 5) }), openAiChunk({ content: text.slice(5) }), usageChunk(3, 4)]);
    upstream.reply({ type: 'stream', frames, chunkBytes: 1, pauseMs: 1 });
    const events = await collect(adapter.stream(chatRequest()));
    assert.equal(textOf(events, 'content'), text);
    assert.deepEqual(events.at(-1), { type: 'usage', inputTokens: 3, outputTokens: 4 });
  });

  it('decodes a character whose bytes arrive in separate writes with pauses between them', async () => {
    const frames = openAiFrames([openAiChunk({ content: '汉字' }), usageChunk(1, 1)]);
    const bytes = Buffer.from(frames.join(''));
    const at = bytes.indexOf(Buffer.from('字'));
    upstream.reply({ type: 'stream', frames, cuts: [at + 1, at + 2], pauseMs: 20 });
    const events = await collect(adapter.stream(chatRequest()));
    assert.equal(textOf(events, 'content'), '汉字');
  });

  it('follows cumulative usage sent on every chunk, never ahead of the first content, and ends with the totals', async () => {
    upstream.reply({
      type: 'stream',
      frames: openAiFrames([
        openAiChunk({ role: 'assistant' }, { usage: { prompt_tokens: 40, completion_tokens: 0 } }),
        openAiChunk({ content: '一' }, { usage: { prompt_tokens: 40, completion_tokens: 1 } }),
        openAiChunk({ content: '二' }, { usage: { prompt_tokens: 40, completion_tokens: 2 } }),
        { ...stopChunk(), usage: { prompt_tokens: 40, completion_tokens: 2 } },
      ]),
    });
    const events = await collect(adapter.stream(chatRequest()));
    assert.deepEqual(events, [
      { type: 'content', text: '一' },
      { type: 'usage', inputTokens: 40, outputTokens: 1 },
      { type: 'content', text: '二' },
      { type: 'usage', inputTokens: 40, outputTokens: 2 },
    ]);
  });

  it('counts tokens itself when the upstream reports no usage at all', async () => {
    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ reasoning_content: '让我想想' }), openAiChunk({ content: '答案是四十二。' }), stopChunk()]) });
    const request = chatRequest();
    const events = await collect(adapter.stream(request));
    const usage = events.at(-1);
    assert.deepEqual(usage, { type: 'usage', inputTokens: countPromptTokens(request.messages), outputTokens: countTokens('让我想想答案是四十二。') });
    assert.ok(usage.type === 'usage' && usage.inputTokens > 0 && usage.outputTokens > 0);
  });

  it('accumulates tool calls by index: id and name once, arguments concatenated', async () => {
    const call = (index: number, fn: Record<string, string>, id?: string) => openAiChunk({ tool_calls: [{ index, ...(id ? { id, type: 'function' } : {}), function: fn }] });
    upstream.reply({
      type: 'stream',
      frames: openAiFrames([
        call(0, { name: 'get_weather', arguments: '' }, 'call_a'),
        call(0, { arguments: '{"city":' }),
        call(1, { name: 'get_time', arguments: '{}' }, 'call_b'),
        call(0, { arguments: '"北京"}' }),
        { ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
        usageChunk(30, 12),
      ]),
    });
    const events = await collect(adapter.stream(chatRequest()));
    const calls = events.filter((event) => event.type === 'toolCall');
    assert.deepEqual(calls.at(-1), { type: 'toolCall', index: 0, id: 'call_a', name: 'get_weather', arguments: '{"city":"北京"}' });
    assert.deepEqual(calls.find((event) => event.index === 1), { type: 'toolCall', index: 1, id: 'call_b', name: 'get_time', arguments: '{}' });
    assert.equal(calls.length, 4);
  });

  it('turns Perplexity citations into references, numbered by position, only the new ones each time', async () => {
    const a = 'https://www.example.com/a';
    const b = 'https://news.example.cn/b?x=1';
    const c = 'https://zh.wikipedia.org/wiki/启明';
    upstream.reply({
      type: 'stream',
      frames: openAiFrames([
        openAiChunk({ content: '据报道[1][2]' }, { citations: [a, b] }),
        openAiChunk({ content: '，另见[3]' }, { citations: [a, b, c] }),
        openAiChunk({ content: '。' }, { citations: [a, b, c] }),
        usageChunk(8, 8),
      ]),
    });
    const events = await collect(adapter.stream(chatRequest({ webSearch: true })));
    assert.deepEqual(
      events.filter((event) => event.type === 'references'),
      [
        {
          type: 'references',
          references: [
            { id: '1', title: 'www.example.com', url: a },
            { id: '2', title: 'news.example.cn', url: b },
          ],
        },
        { type: 'references', references: [{ id: '3', title: 'zh.wikipedia.org', url: c }] },
      ],
    );
    assert.equal(textOf(events, 'content'), '据报道[1][2]，另见[3]。');
  });

  describe('HTTP errors before the stream', () => {
    const cases = [
      { status: 429, failover: true, body: { error: { message: 'Rate limit reached for gpt-4o', type: 'requests', code: 'rate_limit_exceeded' } } },
      { status: 500, failover: true, body: { error: { message: 'The server had an error', type: 'server_error' } } },
      { status: 503, failover: true, body: { message: 'upstream overloaded' } },
      { status: 408, failover: true, body: 'timeout' },
      { status: 400, failover: false, body: { error: { message: "This model's maximum context length is 128000 tokens", type: 'invalid_request_error' } } },
      { status: 401, failover: false, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } },
      { status: 404, failover: false, body: { error: { message: 'The model `gpt-9` does not exist' } } },
      { status: 413, failover: false, body: { error: 'Request Entity Too Large' } },
    ];
    for (const { status, failover, body } of cases) {
      it(`maps HTTP ${status} to failover ${failover}, with the upstream's message`, async () => {
        upstream.reply({ type: 'json', status, body });
        const { events, error } = await collectFailure(adapter.stream(chatRequest()));
        assert.deepEqual(events, []);
        assert.equal(error.status, status);
        assert.equal(error.failover, failover);
        assert.match(error.message, new RegExp(`HTTP ${status}`));
        const expected = typeof body === 'string' ? body : ((body as { error?: unknown }).error ?? (body as { message: string }).message);
        const upstreamText = typeof expected === 'string' ? expected : (expected as { message: string }).message;
        assert.ok(error.message.includes(upstreamText), error.message);
        assert.equal(error.options.userMessage, status === 400 || status === 413 ? INPUT_REJECTED_MESSAGE : undefined);
      });
    }
  });

  it('fails over when nothing listens at the base URL', async () => {
    const { error } = await collectFailure(adapterWith({ baseUrl: await refusedBaseUrl() }).stream(chatRequest()));
    assert.equal(error.failover, true);
    assert.equal(error.status, undefined);
    assert.match(error.message, /ECONNREFUSED/);
  });

  it('treats a JSON answer with status 200 as a failed attempt', async () => {
    upstream.reply({ type: 'json', status: 200, body: { error: { message: '当前分组上游负载已饱和' } } });
    const { error } = await collectFailure(adapter.stream(chatRequest()));
    assert.equal(error.failover, true);
    assert.match(error.message, /当前分组上游负载已饱和/);
  });

  it('throws an error object sent inside the stream, after the events before it', async () => {
    upstream.reply({
      type: 'stream',
      frames: [sseFrame(openAiChunk({ content: '开始' })), sseFrame({ error: { message: 'Internal error while streaming', type: 'server_error' } })],
      end: 'hold',
    });
    const { events, error } = await collectFailure(adapter.stream(chatRequest()));
    assert.deepEqual(events, [{ type: 'content', text: '开始' }]);
    assert.equal(error.failover, true);
    assert.match(error.message, /Internal error while streaming/);
  });

  it('throws when the connection drops mid-stream', async () => {
    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '半句' })], { done: false }), end: 'drop' });
    const { events, error } = await collectFailure(adapter.stream(chatRequest()));
    assert.deepEqual(events, [{ type: 'content', text: '半句' }]);
    assert.equal(error.failover, true);
    assert.match(error.message, /connection failed/);
  });

  it('throws when the body ends before [DONE] without a finish reason, and accepts an ending after one', async () => {
    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '半句' })], { done: false }) });
    const { error } = await collectFailure(adapter.stream(chatRequest()));
    assert.equal(error.failover, true);
    assert.match(error.message, /before \[DONE\]/);

    upstream.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '整句。' }), stopChunk()], { done: false }) });
    const events = await collect(adapter.stream(chatRequest()));
    assert.equal(textOf(events, 'content'), '整句。');
    assert.equal(events.at(-1)?.type, 'usage');
  });

  it('throws "malformed chunk" for a frame that is not JSON', async () => {
    upstream.reply({ type: 'stream', frames: [sseFrame(openAiChunk({ content: '好' })), 'data: {"choices":[{"delta":{"content":"坏\n\n', 'data: [DONE]\n\n'] });
    const { events, error } = await collectFailure(adapter.stream(chatRequest()));
    assert.deepEqual(events, [{ type: 'content', text: '好' }]);
    assert.equal(error.failover, true);
    assert.match(error.message, /^malformed chunk/);
  });

  it('stops quietly when aborted mid-stream, and closes the upstream connection', async () => {
    upstream.reply({ type: 'stream', frames: [sseFrame(openAiChunk({ content: '第一句' }))], end: 'hold' });
    const controller = new AbortController();
    const events = [];
    for await (const event of adapter.stream(chatRequest({ signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'content') controller.abort();
    }
    assert.deepEqual(events, [{ type: 'content', text: '第一句' }]);
    await upstream.requests[0]?.closed;
  });

  it('stops quietly when aborted before the upstream answered', async () => {
    upstream.reply({ type: 'silent' });
    const controller = new AbortController();
    const stream = adapter.stream(chatRequest({ signal: controller.signal }));
    const pending = collect(stream);
    while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    assert.deepEqual(await pending, []);
    await upstream.requests[0]?.closed;
  });

  it('gives up with a failover error when the upstream sends no headers, or stops sending, past the timeouts', async () => {
    upstream.reply({ type: 'silent' });
    const silent = await collectFailure(adapterWith({ connectTimeoutMs: 50 }).stream(chatRequest()));
    assert.equal(silent.error.failover, true);
    assert.match(silent.error.message, /timed out: no response/);

    upstream.reply({ type: 'stream', frames: [sseFrame(openAiChunk({ content: '卡住' }))], end: 'hold' });
    const stalled = await collectFailure(adapterWith({ idleTimeoutMs: 50 }).stream(chatRequest()));
    assert.deepEqual(stalled.events, [{ type: 'content', text: '卡住' }]);
    assert.equal(stalled.error.failover, true);
    assert.match(stalled.error.message, /timed out: no data/);
  });
});
