import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { countPromptTokens, estimateTokens } from '../tokens.js';
import { UpstreamError, type UpstreamEvent, type UpstreamMessage, type UpstreamRequest } from '../types.js';
import { composeAnswer } from './composeAnswer.js';
import { FAULT_MARKERS, faultMarker } from './faults.js';
import { OfflineModel, type OfflineModelOptions } from './offlineModel.js';
import type { Sleep } from './pacing.js';

function request(content: string, extra: Partial<UpstreamRequest> = {}, history: UpstreamMessage[] = []): UpstreamRequest {
  return {
    model: 'gpt-4o',
    catalogueModel: 'gpt-4o',
    messages: [{ role: 'system', content: '你是一个助手' }, ...history, { role: 'user', content }],
    think: false,
    webSearch: false,
    maxOutputTokens: 4000,
    signal: new AbortController().signal,
    ...extra,
  };
}

/** A model without pauses, recording the pauses it would make. */
function recording(options: OfflineModelOptions = {}) {
  const pauses: number[] = [];
  const sleep: Sleep = async (ms) => {
    pauses.push(ms);
  };
  return { model: new OfflineModel({ sleep, ...options }), pauses };
}

const fast = (options: OfflineModelOptions = {}) => new OfflineModel({ tokensPerSecond: 0, firstTokenDelayMs: 0, ...options });

/** Every event, and the error the stream ended with, if any. */
async function run(model: OfflineModel, req: UpstreamRequest): Promise<{ events: UpstreamEvent[]; error?: unknown }> {
  const events: UpstreamEvent[] = [];
  try {
    for await (const event of model.stream(req)) events.push(event);
  } catch (error) {
    return { events, error };
  }
  return { events };
}

const textOf = (events: UpstreamEvent[], type: 'content' | 'reasoning') =>
  events.flatMap((event) => (event.type === type ? [event.text] : [])).join('');
const typesOf = (events: UpstreamEvent[]) => events.map((event) => event.type).filter((type, i, all) => type !== all[i - 1]);
const composedFor = (req: UpstreamRequest) => composeAnswer({ messages: req.messages, catalogueModel: req.catalogueModel, think: req.think, webSearch: req.webSearch });

function assertUpstreamError(error: unknown, userMessage: string) {
  assert.ok(error instanceof UpstreamError, String(error));
  assert.equal(error.failover, false);
  assert.equal(error.options.userMessage, userMessage);
}

describe('offline model: the stream', () => {
  it('is deterministic: the same request streams the same events', async () => {
    const req = request('什么是量子计算？', { think: true, webSearch: true });
    const first = await run(fast(), req);
    const second = await run(fast(), { ...req, signal: new AbortController().signal });
    assert.deepEqual(first.events, second.events);
  });

  it('streams the composed answer in small pieces, then follow-ups, then usage', async () => {
    const req = request('用python写一个快速排序');
    const { events, error } = await run(fast(), req);
    assert.equal(error, undefined);
    assert.deepEqual(typesOf(events), ['content', 'followUps', 'usage']);
    assert.equal(textOf(events, 'content'), composedFor(req).content);
    const pieces = events.filter((event) => event.type === 'content');
    assert.ok(pieces.length > 50);
    assert.ok(pieces.every((event) => event.text.length >= 1 && event.text.length <= 5));
  });

  it('answers in English with the same structure', async () => {
    const { events } = await run(fast(), request('What is quantum computing?'));
    assert.ok(textOf(events, 'content').startsWith('Regarding “What is quantum computing”'));
  });

  it('thinks before it answers for think models', async () => {
    const req = request('证明勾股定理', { think: true });
    const { events } = await run(fast(), req);
    assert.deepEqual(typesOf(events), ['reasoning', 'content', 'followUps', 'usage']);
    assert.equal(textOf(events, 'reasoning'), composedFor(req).reasoning);
    assert.ok(textOf(events, 'reasoning').length > 40);
  });

  it('searches first for web models: a progress line, the references, then an answer citing them', async () => {
    const req = request('量子计算是什么', { webSearch: true, think: true });
    const { events } = await run(fast(), req);
    assert.deepEqual(typesOf(events), ['progress', 'references', 'reasoning', 'content', 'followUps', 'usage']);
    const progress = events[0] as Extract<UpstreamEvent, { type: 'progress' }>;
    assert.equal(progress.text, '正在搜索：量子计算是什么');
    const references = events[1] as Extract<UpstreamEvent, { type: 'references' }>;
    assert.ok(references.references.length >= 3 && references.references.length <= 5);
    assert.match(textOf(events, 'content'), /\[1\][\s\S]*\[2\]/);
  });

  it('sends three follow-up questions once, near the end', async () => {
    const { events } = await run(fast(), request('python和java的区别'));
    const followUps = events.filter((event) => event.type === 'followUps');
    assert.equal(followUps.length, 1);
    assert.equal(followUps[0]!.type === 'followUps' && followUps[0]!.questions.length, 3);
    assert.equal(events.at(-2)!.type, 'followUps');
  });

  it('reports usage: the prompt tokens and the tokens of what it streamed', async () => {
    const history: UpstreamMessage[] = [
      { role: 'user', content: '什么是熵' },
      { role: 'assistant', content: '熵是系统无序程度的度量。' },
    ];
    for (const req of [request('它和信息论有什么关系', { think: true }, history), request('What is entropy?'), request('什么是熵', { think: true, maxOutputTokens: 120 })]) {
      const { events } = await run(fast(), req);
      const usage = events.at(-1)!;
      assert.equal(usage.type, 'usage');
      assert.equal(events.filter((event) => event.type === 'usage').length, 1);
      if (usage.type !== 'usage') return;
      assert.equal(usage.inputTokens, countPromptTokens(req.messages, estimateTokens));
      assert.equal(usage.outputTokens, estimateTokens(textOf(events, 'reasoning')) + estimateTokens(textOf(events, 'content')));
      assert.ok(usage.outputTokens <= req.maxOutputTokens);
    }
  });

  it('paces the pieces: the first-token delay, then the tokens at the configured speed', async () => {
    const req = request('什么是量子计算');
    const { model, pauses } = recording();
    const { events } = await run(model, req);
    const pieces = events.filter((event) => event.type === 'content').length;
    assert.equal(pauses.length, 1 + pieces, 'one pause before the first event, one per piece');
    assert.equal(pauses[0], 300);
    const usage = events.at(-1)!;
    assert.ok(usage.type === 'usage');
    const streamed = pauses.slice(1).reduce((sum, ms) => sum + ms, 0);
    assert.ok(Math.abs(streamed - (usage.outputTokens / 60) * 1000) < 1e-6, `${streamed} ms for ${usage.outputTokens} tokens`);

    const faster = recording({ tokensPerSecond: 120, firstTokenDelayMs: 50, chunkChars: 8 });
    const quick = await run(faster.model, req);
    assert.equal(faster.pauses[0], 50);
    assert.ok(quick.events.every((event) => event.type !== 'content' || event.text.length <= 9));
    assert.ok(Math.abs(faster.pauses.slice(1).reduce((sum, ms) => sum + ms, 0) - (usage.outputTokens / 120) * 1000) < 1e-6);
  });

  it('pauses for the search and the reasoning too, and not at all without pacing', async () => {
    const req = request('量子计算是什么', { webSearch: true, think: true });
    const { model, pauses } = recording();
    const { events } = await run(model, req);
    const pieces = events.filter((event) => event.type === 'content' || event.type === 'reasoning').length;
    assert.equal(pauses.length, 2 + pieces);
    assert.deepEqual(pauses.slice(0, 2), [300, 300]);

    for (const tokensPerSecond of [0, Infinity]) {
      const unpaced = recording({ tokensPerSecond, firstTokenDelayMs: 0 });
      const result = await run(unpaced.model, req);
      assert.deepEqual(unpaced.pauses, []);
      assert.deepEqual(result.events, events);
    }
  });

  it('ends quietly when the request is aborted, before or during the stream', async () => {
    const aborted = new AbortController();
    aborted.abort();
    assert.deepEqual(await run(fast(), request('什么是熵', { signal: aborted.signal })), { events: [] });

    const controller = new AbortController();
    let calls = 0;
    const sleep: Sleep = async () => {
      if (++calls === 10) controller.abort();
    };
    const { events, error } = await run(new OfflineModel({ sleep }), request('什么是熵', { signal: controller.signal }));
    assert.equal(error, undefined);
    assert.equal(events.length, 8, 'the pieces before the aborted pause, nothing after');
    assert.ok(events.every((event) => event.type === 'content'));
  });

  it('stops a real timer at once on abort and leaves none behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const controller = new AbortController();
    const stream = new OfflineModel({ firstTokenDelayMs: 3_600_000 }).stream(request('什么是熵', { signal: controller.signal }))[Symbol.asyncIterator]();
    const next = stream.next();
    await nextTurn();
    assert.equal(timers(), before + 1);
    controller.abort();
    assert.deepEqual(await next, { done: true, value: undefined });
    assert.equal(timers(), before);
  });

  it('refuses nonsensical options', () => {
    assert.throws(() => new OfflineModel({ tokensPerSecond: -1 }), RangeError);
    assert.throws(() => new OfflineModel({ firstTokenDelayMs: Number.NaN }), RangeError);
    assert.throws(() => new OfflineModel({ chunkChars: 0 }), RangeError);
    assert.throws(() => new OfflineModel({ chunkChars: 2.5 }), RangeError);
  });
});

describe('offline model: fault modes', () => {
  const question = '介绍一下长城';
  const withMarker = (mode: Parameters<typeof faultMarker>[0]) => `${question} ${faultMarker(mode)}`;

  it('lists its markers', () => {
    assert.deepEqual(FAULT_MARKERS, [
      '[[fault:slow-first-token]]',
      '[[fault:error-before-output]]',
      '[[fault:error-mid-stream]]',
      '[[fault:stall]]',
      '[[fault:malformed-chunk]]',
    ]);
  });

  it('keeps markers out of the answer', async () => {
    const plain = await run(fast(), request(question));
    for (const mode of ['slow-first-token', 'malformed-chunk'] as const) {
      const faulty = await run(fast({ slowFirstTokenMs: 0 }), request(withMarker(mode)));
      assert.equal(textOf(faulty.events, 'content'), textOf(plain.events, 'content'));
      assert.doesNotMatch(textOf(faulty.events, 'content'), /\[\[fault/);
    }
  });

  it('slow-first-token: the first event comes after the long delay, then the answer as usual', async () => {
    const { model, pauses } = recording();
    const { events, error } = await run(model, request(withMarker('slow-first-token')));
    assert.equal(error, undefined);
    assert.equal(pauses[0], 8000);
    assert.deepEqual(typesOf(events), ['content', 'followUps', 'usage']);
    const configured = recording({ slowFirstTokenMs: 1234 });
    await run(configured.model, request(withMarker('slow-first-token')));
    assert.equal(configured.pauses[0], 1234);
  });

  it('error-before-output: an UpstreamError without failover before any event', async () => {
    const { events, error } = await run(fast(), request(withMarker('error-before-output')));
    assert.deepEqual(events, []);
    assertUpstreamError(error, '离线演示模型模拟的上游错误（输出前）');
  });

  it('error-mid-stream: about half of the content, then an UpstreamError', async () => {
    const full = textOf((await run(fast(), request(question))).events, 'content');
    const { events, error } = await run(fast(), request(withMarker('error-mid-stream'), { think: true }));
    assertUpstreamError(error, '离线演示模型模拟的上游错误（输出中）');
    assert.deepEqual(typesOf(events), ['reasoning', 'content']);
    const streamed = textOf(events, 'content');
    assert.ok(full.startsWith(streamed));
    assert.ok(Math.abs(streamed.length / full.length - 0.5) < 0.05, `${streamed.length} of ${full.length}`);
  });

  it('stall: after about half of the content nothing comes until the request is aborted', async () => {
    const controller = new AbortController();
    const stream = fast().stream(request(withMarker('stall'), { signal: controller.signal }))[Symbol.asyncIterator]();
    const events: UpstreamEvent[] = [];
    let pending: Promise<IteratorResult<UpstreamEvent>> | undefined;
    for (;;) {
      const next = stream.next();
      const settled = await Promise.race([next, nextTurn().then(() => undefined)]);
      if (settled === undefined) {
        pending = next;
        break;
      }
      assert.equal(settled.done, false, 'the stream must not end by itself');
      events.push(settled.value);
    }
    for (let i = 0; i < 5; i++) await nextTurn();
    assert.deepEqual(typesOf(events), ['content']);
    const full = textOf((await run(fast(), request(question))).events, 'content');
    assert.ok(Math.abs(textOf(events, 'content').length / full.length - 0.5) < 0.05);
    controller.abort();
    assert.deepEqual(await pending, { done: true, value: undefined });
  });

  it('malformed-chunk: one malformed chunk mid-content, then the answer goes on normally', async () => {
    const full = await run(fast(), request(question));
    const { events, error } = await run(fast(), request(withMarker('malformed-chunk')));
    assert.equal(error, undefined);
    assert.deepEqual(typesOf(events), ['content', 'malformedChunk', 'content', 'followUps', 'usage']);
    // The same answer as without the marker (only the prompt's token count differs).
    const answerOf = (all: UpstreamEvent[]) => all.filter((event) => event.type !== 'malformedChunk' && event.type !== 'usage');
    assert.deepEqual(answerOf(events), answerOf(full.events));
  });

  it('takes a configured default fault, and a marker in the message over it', async () => {
    const failing = fast({ fault: 'error-before-output' });
    assertUpstreamError((await run(failing, request(question))).error, '离线演示模型模拟的上游错误（输出前）');
    const overridden = await run(failing, request(withMarker('malformed-chunk')));
    assert.equal(overridden.error, undefined);
    assert.equal(overridden.events.filter((event) => event.type === 'malformedChunk').length, 1);
  });

  it('reads markers only from the last user message', async () => {
    const history: UpstreamMessage[] = [
      { role: 'user', content: `之前的问题 ${faultMarker('error-before-output')}` },
      { role: 'assistant', content: '之前的回答' },
    ];
    const { error } = await run(fast(), request(question, {}, history));
    assert.equal(error, undefined);
  });
});
