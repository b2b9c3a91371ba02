import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openAiChunk, openAiFrames, refusedBaseUrl, startFakeUpstream, type FakeUpstream } from '../../../testing/fakeUpstream.js';
import { ChannelRouter, OFFLINE_CHANNEL, type ChannelRouterOptions } from './channelRouter.js';
import { adapterFor } from './channelsConfig.js';
import { chatRequest, collect, textOf } from './testStreams.js';
import { UpstreamError, type ChannelConfig, type UpstreamAdapter, type UpstreamEvent, type UpstreamRequest } from './types.js';

/** An adapter that plays a script: events in order, an Error entry is thrown where it stands. */
class ScriptedAdapter implements UpstreamAdapter {
  readonly kind = 'openai-compatible' as const;
  readonly requests: UpstreamRequest[] = [];
  closedEarly = 0;

  constructor(private readonly script: Array<UpstreamEvent | Error>) {}

  async *stream(request: UpstreamRequest): AsyncGenerator<UpstreamEvent> {
    this.requests.push(request);
    let finished = false;
    try {
      for (const step of this.script) {
        if (step instanceof Error) throw step;
        yield step;
      }
      finished = true;
    } catch (error) {
      finished = true;
      throw error;
    } finally {
      if (!finished) this.closedEarly += 1;
    }
  }
}

const answer = (text: string): UpstreamEvent[] => [
  { type: 'content', text },
  { type: 'usage', inputTokens: 1, outputTokens: 1 },
];
const failing = (status: number) => new UpstreamError(`upstream answered HTTP ${status}`, { status, failover: status === 429 || status >= 500 });

const channel = (id: string, extra: Partial<ChannelConfig> = {}): ChannelConfig => ({
  id,
  kind: 'openai-compatible',
  models: ['gpt-4o'],
  baseUrl: `https://${id}.example.com/v1`,
  apiKeyEnv: 'KEY',
  priority: 0,
  weight: 1,
  ...extra,
});

function routerOf(channels: Array<[ChannelConfig, UpstreamAdapter]>, options: Partial<ChannelRouterOptions> = {}) {
  const adapters = new Map(channels.map(([config, adapter]) => [config.id, adapter]));
  const offline = new ScriptedAdapter(answer('离线回答'));
  const router = new ChannelRouter({
    channels: channels.map(([config]) => config),
    adapterFor: (config) => adapters.get(config.id)!,
    offline,
    cooldownMs: 60_000,
    ...options,
  });
  return { router, offline };
}

const requestFor = (model = 'gpt-4o', overrides: Partial<UpstreamRequest> = {}) => {
  const { model: _ignored, ...rest } = chatRequest({ catalogueModel: model, ...overrides });
  return rest;
};

describe('ChannelRouter: order of attempts', () => {
  it('tries channels by priority, lowest first, and answers from the first that produces an event', async () => {
    const low = new ScriptedAdapter([failing(500)]);
    const first = new ScriptedAdapter([failing(503)]);
    const last = new ScriptedAdapter(answer('最后一个通道的回答'));
    const { router } = routerOf([
      [channel('second', { priority: 1 }), low],
      [channel('third', { priority: 2 }), last],
      [channel('first', { priority: 0 }), first],
    ]);
    assert.deepEqual(router.candidates('gpt-4o').map((c) => c.id), ['first', 'second', 'third']);
    const opened = await router.open('gpt-4o', requestFor());
    assert.equal(opened.channel.id, 'third');
    assert.equal(textOf(await collect(opened.events), 'content'), '最后一个通道的回答');
    assert.deepEqual([first.requests.length, low.requests.length, last.requests.length], [1, 1, 1]);
  });

  it('orders channels of one priority by weighted random draws (random injected)', () => {
    const heavy = channel('heavy', { weight: 3 });
    const light = channel('light', { weight: 1 });
    const other = channel('other', { weight: 1, priority: 5 });
    const orderWith = (draws: number[]) => {
      const { router } = routerOf(
        [heavy, light, other].map((c) => [c, new ScriptedAdapter([])] as [ChannelConfig, UpstreamAdapter]),
        { random: () => draws.shift() ?? 0 },
      );
      return router.candidates('gpt-4o').map((c) => c.id);
    };
    // total weight 4: a draw below 0.75 lands on heavy (3/4 of the range), above on light
    assert.deepEqual(orderWith([0.1, 0.5, 0.5]), ['heavy', 'light', 'other']);
    assert.deepEqual(orderWith([0.74, 0.0, 0.0]), ['heavy', 'light', 'other']);
    assert.deepEqual(orderWith([0.76, 0.0, 0.0]), ['light', 'heavy', 'other']);
    assert.deepEqual(orderWith([0.999999, 0.3, 0.3]), ['light', 'heavy', 'other']);
  });

  it('serves "*" channels every model, maps the model name per channel and passes the request on', async () => {
    const mapped = new ScriptedAdapter(answer('好'));
    const { router } = routerOf([[channel('any', { models: ['*'], upstreamModels: { 'claude-3-7-sonnet': 'anthropic/claude-3.7-sonnet' } }), mapped]]);
    assert.equal(router.hasRealChannel('whatever-model'), true);
    await collect((await router.open('claude-3-7-sonnet', requestFor('claude-3-7-sonnet', { think: true }))).events);
    await collect((await router.open('gpt-4o-mini', requestFor('gpt-4o-mini'))).events);
    assert.deepEqual(
      mapped.requests.map((r) => [r.model, r.catalogueModel, r.think]),
      [
        ['anthropic/claude-3.7-sonnet', 'claude-3-7-sonnet', true],
        ['gpt-4o-mini', 'gpt-4o-mini', false],
      ],
    );
  });
});

describe('ChannelRouter: failover', () => {
  it('does not fail over on a refusal of the input (failover false): rethrows it at once', async () => {
    const refusing = new ScriptedAdapter([failing(400)]);
    const spare = new ScriptedAdapter(answer('不该用到'));
    const { router } = routerOf([
      [channel('a'), refusing],
      [channel('b', { priority: 1 }), spare],
    ]);
    await assert.rejects(router.open('gpt-4o', requestFor()), (error: unknown) => error instanceof UpstreamError && error.status === 400);
    assert.equal(spare.requests.length, 0);
    assert.deepEqual(router.candidates('gpt-4o').map((c) => c.id), ['a', 'b'], 'a refusal of the input does not cool the channel down');
  });

  it('fails over on plain (non-Upstream) errors and on a stream that ends without any event', async () => {
    const crashing = new ScriptedAdapter([new TypeError('fetch failed')]);
    const empty = new ScriptedAdapter([]);
    const good = new ScriptedAdapter(answer('好'));
    const failures: string[] = [];
    const { router } = routerOf(
      [
        [channel('crash', { priority: 0 }), crashing],
        [channel('empty', { priority: 1 }), empty],
        [channel('good', { priority: 2 }), good],
      ],
      { onAttemptFailed: (c, error) => failures.push(`${c.id}: ${(error as Error).message}`) },
    );
    const opened = await router.open('gpt-4o', requestFor());
    assert.equal(opened.channel.id, 'good');
    assert.deepEqual(failures, ['crash: fetch failed', 'empty: channel empty ended its stream without any event']);
  });

  it('throws the last error when every channel fails', async () => {
    const { router } = routerOf([
      [channel('a'), new ScriptedAdapter([failing(500)])],
      [channel('b', { priority: 1 }), new ScriptedAdapter([failing(429)])],
    ]);
    await assert.rejects(router.open('gpt-4o', requestFor()), (error: unknown) => error instanceof UpstreamError && error.status === 429);
  });

  it('never fails over after the first event: a later error reaches the caller', async () => {
    const breaking = new ScriptedAdapter([{ type: 'content', text: '说到一半' }, failing(500)]);
    const spare = new ScriptedAdapter(answer('不该用到'));
    const { router } = routerOf([
      [channel('a'), breaking],
      [channel('b', { priority: 1 }), spare],
    ]);
    const opened = await router.open('gpt-4o', requestFor());
    assert.equal(opened.channel.id, 'a');
    const seen: UpstreamEvent[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of opened.events) seen.push(event);
      })(),
      (error: unknown) => error instanceof UpstreamError && error.status === 500,
    );
    assert.deepEqual(seen, [{ type: 'content', text: '说到一半' }]);
    assert.equal(spare.requests.length, 0);
  });

  it('closes the channel\'s stream when the caller stops reading early', async () => {
    const long = new ScriptedAdapter([{ type: 'content', text: '一' }, { type: 'content', text: '二' }, { type: 'content', text: '三' }]);
    const { router } = routerOf([[channel('a'), long]]);
    const opened = await router.open('gpt-4o', requestFor());
    for await (const event of opened.events) if (event.type === 'content' && event.text === '二') break;
    assert.equal(long.closedEarly, 1);
  });
});

describe('ChannelRouter: cooldown', () => {
  it('sends a failed channel to the back for cooldownMs, still tries it last, and takes it back afterwards', async () => {
    let now = 1_000_000;
    const flaky = new ScriptedAdapter([failing(502)]);
    const steady = new ScriptedAdapter(answer('稳定'));
    const { router } = routerOf(
      [
        [channel('flaky', { priority: 0 }), flaky],
        [channel('steady', { priority: 1 }), steady],
      ],
      { now: () => now, cooldownMs: 60_000 },
    );
    assert.equal((await router.open('gpt-4o', requestFor())).channel.id, 'steady');
    assert.equal(flaky.requests.length, 1);

    now += 59_999;
    assert.deepEqual(router.candidates('gpt-4o').map((c) => c.id), ['steady', 'flaky']);
    assert.equal((await router.open('gpt-4o', requestFor())).channel.id, 'steady');
    assert.equal(flaky.requests.length, 1, 'a cooling channel is skipped while another answers');

    now += 1;
    assert.deepEqual(router.candidates('gpt-4o').map((c) => c.id), ['flaky', 'steady']);
  });

  it('tries cooling channels when nothing else is left, and forgets the cooldown of one that answers', async () => {
    let now = 0;
    const secondScript: Array<UpstreamEvent | Error> = [failing(500)];
    const { router } = routerOf(
      [
        [channel('first'), new ScriptedAdapter([failing(500)])],
        [channel('second', { priority: 1 }), new ScriptedAdapter(secondScript)],
      ],
      { now: () => now },
    );
    await assert.rejects(router.open('gpt-4o', requestFor()));
    now += 1000;
    assert.deepEqual(router.candidates('gpt-4o').map((c) => c.id), ['first', 'second'], 'both cooling: priority order');
    secondScript.splice(0, 1, ...answer('恢复了'));
    const opened = await router.open('gpt-4o', requestFor());
    assert.equal(opened.channel.id, 'second');
    assert.deepEqual(router.candidates('gpt-4o').map((c) => c.id), ['second', 'first'], 'second answered, first failed again');
  });
});

describe('ChannelRouter: offline model', () => {
  it('answers a model no channel serves with the offline adapter under the synthetic offline channel', async () => {
    const { router, offline } = routerOf([[channel('a', { models: ['gpt-4o'] }), new ScriptedAdapter(answer('真'))]]);
    assert.equal(router.hasRealChannel('gpt-4o'), true);
    assert.equal(router.hasRealChannel('deepseek-chat'), false);
    // No search provider yet: only the offline model (imitating search) can take the 联网搜索 switch.
    assert.equal(router.webSearchAvailable('gpt-4o'), false);
    assert.equal(router.webSearchAvailable('deepseek-chat'), true);
    const opened = await router.open('deepseek-chat', requestFor('deepseek-chat'));
    assert.equal(opened.channel, OFFLINE_CHANNEL);
    assert.deepEqual([opened.channel.id, opened.channel.kind], ['offline', 'offline']);
    assert.equal(textOf(await collect(opened.events), 'content'), '离线回答');
    assert.equal(offline.requests[0]?.model, 'deepseek-chat');
  });

  it('counts channels of kind offline as no real channel, and answers them with the offline adapter', async () => {
    const { router, offline } = routerOf([[channel('demo', { kind: 'offline', models: ['*'] }), new ScriptedAdapter([])]]);
    assert.equal(router.hasRealChannel('gpt-4o'), false);
    const opened = await router.open('gpt-4o', requestFor());
    assert.equal(opened.channel.id, 'demo');
    assert.equal(offline.requests.length, 1);
  });
});

describe('ChannelRouter over HTTP (real adapters, fake upstreams)', () => {
  const upstreams: FakeUpstream[] = [];
  before(async () => {
    for (let i = 0; i < 4; i += 1) upstreams.push(await startFakeUpstream());
  });
  after(() => Promise.all(upstreams.map((u) => u.close())));

  const env = { KEY_A: 'sk-a', KEY_B: 'sk-b' };
  const httpRouter = (channels: ChannelConfig[]) =>
    new ChannelRouter({ channels, adapterFor: (c) => adapterFor(c, env, { connectTimeoutMs: 5000 }), offline: new ScriptedAdapter([]), cooldownMs: 60_000 });
  const realChannel = (id: string, baseUrl: string, priority: number): ChannelConfig =>
    channel(id, { baseUrl, apiKeyEnv: priority % 2 === 0 ? 'KEY_A' : 'KEY_B', priority, upstreamModels: { 'gpt-4o': `${id}-gpt-4o` } });

  it('fails over past HTTP 429, HTTP 500 and a refused connection to the channel that answers', async () => {
    const [limited, erroring, answering] = upstreams as [FakeUpstream, FakeUpstream, FakeUpstream];
    limited.reply({ type: 'json', status: 429, body: { error: { message: 'Rate limit reached' } } });
    erroring.reply({ type: 'json', status: 500, body: { error: { message: 'boom' } } });
    answering.reply({ type: 'stream', frames: openAiFrames([openAiChunk({ content: '第四个通道' }), { choices: [], usage: { prompt_tokens: 3, completion_tokens: 4 } }]) });
    const router = httpRouter([
      realChannel('limited', limited.baseUrl, 0),
      realChannel('erroring', erroring.baseUrl, 1),
      realChannel('refused', await refusedBaseUrl(), 2),
      realChannel('answering', answering.baseUrl, 3),
    ]);
    const opened = await router.open('gpt-4o', requestFor());
    assert.equal(opened.channel.id, 'answering');
    assert.deepEqual(await collect(opened.events), [
      { type: 'content', text: '第四个通道' },
      { type: 'usage', inputTokens: 3, outputTokens: 4 },
    ]);
    assert.equal((answering.requests.at(-1)?.body as { model: string }).model, 'answering-gpt-4o');
    assert.equal(answering.requests.at(-1)?.headers.authorization, 'Bearer sk-b');
    assert.equal(limited.requests.at(-1)?.headers.authorization, 'Bearer sk-a');
  });

  it('does not fail over on HTTP 400: the error carries the Chinese message for the user', async () => {
    const [refusing, spare] = upstreams as [FakeUpstream, FakeUpstream];
    const spareRequestsBefore = spare.requests.length;
    refusing.reply({ type: 'json', status: 400, body: { error: { message: 'context_length_exceeded' } } });
    const router = httpRouter([realChannel('refusing', refusing.baseUrl, 0), realChannel('spare', spare.baseUrl, 1)]);
    await assert.rejects(router.open('gpt-4o', requestFor()), (error: unknown) => error instanceof UpstreamError && !error.failover && /输入内容/.test(error.options.userMessage ?? ''));
    assert.equal(spare.requests.length, spareRequestsBefore);
  });

  it('stops the attempt in progress when the request is aborted, without trying another channel', async () => {
    const [silent, spare] = upstreams as [FakeUpstream, FakeUpstream];
    const spareRequestsBefore = spare.requests.length;
    const silentRequestsBefore = silent.requests.length;
    silent.reply({ type: 'silent' });
    const router = httpRouter([realChannel('silent', silent.baseUrl, 0), realChannel('spare', spare.baseUrl, 1)]);
    const controller = new AbortController();
    const opening = router.open('gpt-4o', requestFor('gpt-4o', { signal: controller.signal }));
    while (silent.requests.length === silentRequestsBefore) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await assert.rejects(opening, (error: unknown) => error instanceof DOMException && error.name === 'AbortError');
    await silent.requests.at(-1)?.closed;
    assert.equal(spare.requests.length, spareRequestsBefore);
    assert.deepEqual(router.candidates('gpt-4o').map((c) => c.id), ['silent', 'spare'], 'an abort does not cool the channel down');
  });
});
