/**
 * @jest-environment node
 */
import { buildStreamBody } from './body';
import { resumeStream, streamChat } from './streamChat';
import {
  DONE,
  delta,
  frame,
  installBrowserGlobals,
  json,
  openStream,
  startServer,
  wait,
  writeApart,
  type Handler,
  type TestServer,
} from './testServer';
import type { CompletedAnswer, StreamHandlers, StreamOptions, StreamTransport } from './types';

const document = installBrowserGlobals();

const body = buildStreamBody({
  recentChatLen: 4,
  model: 'gpt-4o',
  search: false,
  convGroupId: null,
  parentConvId: null,
  request: '你好',
  useContext: true,
  modelName: 'GPT-4o',
  systemPrompt: 'Take a deep breath and think step by step',
  useHong: false,
  knowledgeId: null,
  intelligentCode: null,
  uploadedFiles: [],
  mcps: ['search'],
});

const fast: StreamOptions = { retryDelayMs: () => 5 };

function recorder() {
  const calls: Array<[string, unknown]> = [];
  const handlers: StreamHandlers = {
    onDelta: (content) => calls.push(['delta', content]),
    onPing: (text) => calls.push(['ping', text]),
    onFollowUps: (list) => calls.push(['followUps', list]),
    onIds: (ids) => calls.push(['ids', ids]),
    onTitle: (title) => calls.push(['title', title]),
  };
  const deltas = () => calls.filter(([kind]) => kind === 'delta').map(([, content]) => content);
  return { calls, handlers, deltas };
}

let server: TestServer | undefined;
async function serve(handler: Handler): Promise<TestServer> {
  server = await startServer(handler);
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const streamRequests = (s: TestServer) => s.requests.filter((r) => JSON.parse(r.body).stream === true);

describe('streamChat', () => {
  it('streams ping, ids, title, deltas and follow-ups until the done event', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [
        frame({ type: 'ping', choices: [{ delta: { content: '排队中，请稍候' } }] }),
        frame(delta('你好', { convId: 'c1', convGroupId: 'g1', title: '问候' })),
        frame(delta('，世界', { convId: 'c1', convGroupId: 'g1', title: '问候', code: 0, error: null })),
        frame({ type: 'follow_up', choices: [{ delta: { content: '1. 再说一次&&2.换个说法&& &&3. 继续' } }], convId: 'c1' }),
        DONE,
      ]);
      // The connection stays open: done alone must end the stream.
    });
    const { calls, handlers } = recorder();

    const outcome = await streamChat(s.transport, body, handlers);

    expect(outcome).toEqual({
      status: 'done',
      endedWithoutDone: false,
      ids: { convId: 'c1', convGroupId: 'g1' },
      title: '问候',
      attempts: 1,
      mode: 'stream',
      lastSeq: 0,
    });
    expect(calls).toEqual([
      ['ping', '排队中，请稍候'],
      ['ids', { convId: 'c1', convGroupId: 'g1' }],
      ['title', '问候'],
      ['delta', '你好'],
      ['delta', '，世界'],
      ['followUps', ['再说一次', '换个说法', '继续']],
    ]);
    const [req] = s.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/app-api/backend-api/getStream' });
    expect(req!.headers).toMatchObject({
      authorization: 'Bearer test-token',
      type: 'nonce',
      sec: 'encrypted',
      sec2: '1',
      'content-type': 'application/json',
      accept: 'text/event-stream',
    });
    expect(JSON.parse(req!.body)).toEqual({ ...body, stream: true });
    await req!.closed; // the client hung up after done
    // openWhenHidden: no visibility listener, so a hidden tab never restarts the generation.
    expect(document.addEventListener).not.toHaveBeenCalled();
  });

  it('sends the transport\'s own content-type spelling alone', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [DONE]);
    });
    const transport = { ...s.transport, headers: async () => ({ 'Content-Type': 'application/json;charset=UTF-8' }) };
    expect(await streamChat(transport, body)).toMatchObject({ status: 'done' });
    expect(s.requests[0]!.headers['content-type']).toBe('application/json;charset=UTF-8');
  });

  it('accepts data [DONE] as the end', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('答')), 'data: [DONE]\n\n']);
    });
    const { handlers, deltas } = recorder();
    const outcome = await streamChat(s.transport, body, handlers);
    expect(outcome).toMatchObject({ status: 'done', endedWithoutDone: false });
    expect(deltas()).toEqual(['答']);
  });

  it('reassembles frames split mid-"data:", mid-JSON and mid-character, and frames merged in one read', async () => {
    const stream = Buffer.from(
      frame(delta('第一段', { convId: 'c9' })) + frame(delta('第二段')) + frame(delta('第三段')) + frame(delta('第四段')) + DONE,
    );
    const second = stream.indexOf(Buffer.from('第二段'));
    const third = stream.indexOf(Buffer.from(frame(delta('第三段'))));
    // Cut inside "data:", inside the first JSON, inside the 3 bytes of 二; the rest arrives in one write.
    const cuts = [2, 25, second + 4, third];
    const s = await serve(async (_req, res) => {
      openStream(res);
      const parts = [0, ...cuts].map((from, i) => stream.subarray(from, cuts[i] ?? stream.length));
      await writeApart(res, parts);
    });
    const { handlers, deltas } = recorder();

    const outcome = await streamChat(s.transport, body, handlers);

    expect(outcome).toMatchObject({ status: 'done', endedWithoutDone: false, ids: { convId: 'c9' } });
    expect(deltas()).toEqual(['第一段', '第二段', '第三段', '第四段']);
    // The client really did receive the partial frames as separate reads, and several frames in one.
    expect(s.reads[0]).toBe('da');
    expect(s.reads.length).toBeGreaterThanOrEqual(5);
    expect(s.reads.some((read) => (read.match(/data:/g) ?? []).length >= 3)).toBe(true);
  });

  it('reads events whose field lines, blank-line terminator and CRLF endings arrive in different reads', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [
        // A named-less event split after its data line, before the blank line that ends it.
        `data: ${JSON.stringify(delta('甲', { seq: 1 }))}\n`,
        '\n: keep-',
        'alive\n\n',
        // CRLF framing with the terminator split between its CR and LF.
        `data: ${JSON.stringify(delta('乙', { seq: 2 }))}\r`,
        '\n\r',
        '\n',
        // The done event's name and data in separate reads.
        'event: done\n',
        'data: [DONE]\n',
        '\n',
      ]);
    });
    const { handlers, deltas } = recorder();

    const outcome = await streamChat(s.transport, body, handlers);

    expect(outcome).toMatchObject({ status: 'done', endedWithoutDone: false, lastSeq: 2 });
    expect(deltas()).toEqual(['甲', '乙']);
    expect(s.reads.length).toBeGreaterThanOrEqual(8);
  });

  it('ends on a cancel code whose event is split across reads, without reading what follows', async () => {
    const cancel = frame({ code: 602, error: '积分不足', convId: 'c3' });
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('前')), cancel.slice(0, 12), cancel.slice(12) + frame(delta('后')) + DONE]);
    });
    const { handlers, deltas } = recorder();

    const outcome = await streamChat(s.transport, body, handlers, fast);

    expect(outcome).toMatchObject({ status: 'cancelled', code: 602, message: '积分不足', ids: { convId: 'c3' }, attempts: 1 });
    expect(deltas()).toEqual(['前']);
  });

  it('counts a close after content without done as done, flagged', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('只有这些'))]);
      res.end();
    });
    const outcome = await streamChat(s.transport, body, {}, fast);
    expect(outcome).toMatchObject({ status: 'done', endedWithoutDone: true, attempts: 1 });
  });

  it('ignores keep-alive comments and unknown events', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [': keep-alive\n\n', frame({ x: 1 }, 'stats'), frame(delta('ok')), DONE]);
    });
    const { handlers, deltas } = recorder();
    expect(await streamChat(s.transport, body, handlers)).toMatchObject({ status: 'done' });
    expect(deltas()).toEqual(['ok']);
  });

  it.each([
    ['broken JSON', '{"choices": [{"delta"'],
    ['an array', '[1,2]'],
    ['a string', '"text"'],
    ['null', 'null'],
    ['a string code', '{"code":"602"}'],
    ['an unknown type', '{"type":"image"}'],
    ['choices not a list', '{"choices":{"delta":{"content":"x"}}}'],
  ])('cancels with 700 "data parse error" on %s', async (_name, data) => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('前')), frame(data), frame(delta('后')), DONE]);
    });
    const { handlers, deltas } = recorder();

    const outcome = await streamChat(s.transport, body, handlers, fast);

    expect(outcome).toMatchObject({ status: 'cancelled', code: 700, message: 'data parse error', attempts: 1 });
    expect(deltas()).toEqual(['前']);
  });

  it.each([
    [602, '积分不足'],
    [608, 'conversation changed'],
    [401, 'token expired'],
    [699, 'cancelled'],
    [500, '上游模型错误'],
  ])('surfaces cancel code %i with its error text', async (code, error) => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('部分', { convId: 'c2' })), frame({ code, error, convId: 'c2' }), frame(delta('之后')), DONE]);
    });
    const { handlers, deltas } = recorder();

    const outcome = await streamChat(s.transport, body, handlers, fast);

    expect(outcome).toEqual({ status: 'cancelled', code, message: error, ids: { convId: 'c2' }, attempts: 1, mode: 'stream', lastSeq: 0 });
    expect(deltas()).toEqual(['部分']);
  });

  it('aborts through the signal with 699 and hangs up', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('一'))]);
    });
    const controller = new AbortController();
    const { handlers, deltas } = recorder();

    const outcome = await streamChat(s.transport, body, { ...handlers, onDelta: (c) => (handlers.onDelta!(c, {}), controller.abort()) }, {
      signal: controller.signal,
    });

    expect(outcome).toMatchObject({ status: 'aborted', code: 699, attempts: 1 });
    expect(deltas()).toEqual(['一']);
    await s.requests[0]!.closed;
  });

  it('does not send anything when the signal is already aborted', async () => {
    const s = await serve((_req, res) => json(res, 200, {}));
    const controller = new AbortController();
    controller.abort();
    expect(await streamChat(s.transport, body, {}, { signal: controller.signal })).toMatchObject({ status: 'aborted', code: 699 });
    expect(s.requests).toHaveLength(0);
  });

  it('retries a 502 with fresh headers and backoff, then streams', async () => {
    let calls = 0;
    const s = await serve(async (_req, res) => {
      if (++calls <= 2) return json(res, 502, { code: 502, msg: 'bad gateway' });
      openStream(res);
      await writeApart(res, [frame(delta('终于')), DONE]);
    });
    const retryDelayMs = jest.fn(() => 5);
    const { handlers, deltas } = recorder();

    const outcome = await streamChat(s.transport, body, handlers, { retryDelayMs });

    expect(outcome).toMatchObject({ status: 'done', attempts: 3, mode: 'stream' });
    expect(deltas()).toEqual(['终于']);
    expect(s.requests.map((r) => r.headers.sec2)).toEqual(['1', '2', '3']);
    expect(retryDelayMs.mock.calls).toEqual([[1], [2]]);
  });

  it.each<[string, Handler]>([
    ['HTTP 503', (_req, res) => json(res, 503, { code: 503, msg: 'unavailable' })],
    ['a wrong content-type', (_req, res) => (res.writeHead(200, { 'content-type': 'text/html' }), res.end('<html>'))],
    ['a network failure', (_req, res) => void res.socket?.destroy()],
  ])('falls back to the plain request when streaming keeps failing with %s', async (_name, failStream) => {
    const s = await serve((req, res) => {
      if (JSON.parse(req.body).stream) return failStream(req, res);
      json(res, 200, { code: 0, data: '完整的回答', msg: '', convId: 'c3', convGroupId: 'g3' });
    });
    const { calls, handlers } = recorder();

    const outcome = await streamChat(s.transport, body, handlers, fast);

    expect(outcome).toEqual({ status: 'done', endedWithoutDone: false, ids: { convId: 'c3', convGroupId: 'g3' }, attempts: 5, mode: 'plain', lastSeq: 0 });
    expect(calls).toEqual([
      ['ids', { convId: 'c3', convGroupId: 'g3' }],
      ['delta', '完整的回答'],
    ]);
    expect(streamRequests(s)).toHaveLength(4);
    const plain = s.requests[4]!;
    expect(plain).toMatchObject({ method: 'POST', url: '/app-api/backend-api/getStream' });
    expect(JSON.parse(plain.body)).toEqual({ ...body, stream: false });
    expect(plain.headers.sec2).toBe('5');
  });

  it('surfaces a cancel code or 4xx from the plain request, and -1 when it fails too', async () => {
    let plainAnswer: Handler = (_req, res) => json(res, 200, { code: 602, data: null, msg: '积分不足' });
    const s = await serve((req, res) => (JSON.parse(req.body).stream ? json(res, 502, {}) : plainAnswer(req, res)));

    expect(await streamChat(s.transport, body, {}, fast)).toMatchObject({ status: 'cancelled', code: 602, message: '积分不足', mode: 'plain' });

    plainAnswer = (_req, res) => json(res, 400, { code: 400, msg: '参数错误' });
    expect(await streamChat(s.transport, body, {}, fast)).toMatchObject({ status: 'cancelled', code: 400, message: '参数错误' });

    plainAnswer = (_req, res) => json(res, 500, { code: 500, msg: 'boom' });
    expect(await streamChat(s.transport, body, {}, fast)).toMatchObject({ status: 'error', code: -1, message: 'HTTP 500', partial: false, mode: 'plain' });

    plainAnswer = (_req, res) => {
      res.socket?.destroy();
    };
    expect(await streamChat(s.transport, body, {}, fast)).toMatchObject({ status: 'error', code: -1, partial: false, mode: 'plain' });
  });

  it('never retries HTTP 401', async () => {
    const s = await serve((_req, res) => json(res, 401, { code: 401, msg: 'unauthorized' }));
    const outcome = await streamChat(s.transport, body, {}, fast);
    expect(outcome).toMatchObject({ status: 'cancelled', code: 401, message: 'unauthorized', attempts: 1 });
    expect(s.requests).toHaveLength(1);
  });

  it('does not retry once content has arrived: -1 partial, to be resumed', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('写到一半', { convId: 'c4', convGroupId: 'g4' }))]);
      res.socket?.destroy();
    });
    const { handlers, deltas } = recorder();

    const outcome = await streamChat(s.transport, body, handlers, fast);

    expect(outcome).toMatchObject({ status: 'error', code: -1, partial: true, ids: { convId: 'c4', convGroupId: 'g4' }, attempts: 1 });
    expect(deltas()).toEqual(['写到一半']);
    expect(s.requests).toHaveLength(1);
  });

  it('does not retry once the server has pinged either (the generation exists)', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame({ type: 'ping', choices: [{ delta: { content: '请稍候' } }], convId: 'c5' })]);
      res.end();
    });
    const outcome = await streamChat(s.transport, body, {}, fast);
    expect(outcome).toMatchObject({ status: 'error', code: -1, partial: true, ids: { convId: 'c5' } });
    expect(s.requests).toHaveLength(1);
  });

  it('times out a silent stream after heartbeatMs', async () => {
    const s = await serve((_req, res) => openStream(res));
    const started = Date.now();

    const outcome = await streamChat(s.transport, body, {}, { ...fast, heartbeatMs: 150 });

    expect(outcome).toMatchObject({ status: 'error', code: -2, message: 'heartbeat timeout', partial: false, attempts: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await s.requests[0]!.closed;
  });

  it('keeps a stream alive while pings arrive within heartbeatMs', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      for (let i = 0; i < 4; i++) {
        res.write(frame({ type: 'ping', choices: [{ delta: { content: `等待 ${i}` } }] }));
        await wait(80);
      }
      await writeApart(res, [frame(delta('到了')), DONE]);
    });
    const { handlers, deltas } = recorder();
    expect(await streamChat(s.transport, body, handlers, { heartbeatMs: 150 })).toMatchObject({ status: 'done' });
    expect(deltas()).toEqual(['到了']);
  });

  it('keeps streaming when a handler throws', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('a')), frame(delta('b')), DONE]);
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    const outcome = await streamChat(s.transport, body, {
      onDelta: (content) => {
        seen.push(content);
        throw new Error('render failed');
      },
    });
    expect(outcome).toMatchObject({ status: 'done', attempts: 1 });
    expect(seen).toEqual(['a', 'b']);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

describe('resumeStream', () => {
  it('GETs resumeStream with the convId and reads deltas until done', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('继续', { convId: 'c/6', convGroupId: 'g6' })), frame(delta('生成')), DONE]);
    });
    const { calls, handlers } = recorder();

    const outcome = await resumeStream(s.transport, 'c/6', handlers);

    expect(outcome).toEqual({
      status: 'done',
      endedWithoutDone: false,
      ids: { convId: 'c/6', convGroupId: 'g6' },
      attempts: 1,
      mode: 'stream',
      lastSeq: 0,
    });
    expect(calls).toEqual([
      ['ids', { convId: 'c/6', convGroupId: 'g6' }],
      ['delta', '继续'],
      ['delta', '生成'],
    ]);
    const [req] = s.requests;
    expect(req).toMatchObject({ method: 'GET', url: '/app-api/backend-api/resumeStream?convId=c%2F6', body: '' });
    expect(req!.headers.authorization).toBe('Bearer test-token');
    expect(req!.headers['content-type']).toBeUndefined();
  });

  it('resumes after the last sequence number it was given and reports the new last one', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame({ ...delta('续'), seq: 8 }), frame({ ...delta('写'), seq: 9 }), DONE]);
    });
    const { calls, handlers } = recorder();

    const outcome = await resumeStream(s.transport, 'c7', handlers, { after: 7 });

    expect(outcome).toMatchObject({ status: 'done', lastSeq: 9 });
    expect(calls).toEqual([['delta', '续'], ['delta', '写']]);
    expect(s.requests[0]!.url).toBe('/app-api/backend-api/resumeStream?convId=c7&after=7');
  });

  it('surfaces cancel codes and retries without a plain fallback', async () => {
    let calls = 0;
    const s = await serve(async (_req, res) => {
      if (++calls === 1) return json(res, 502, {});
      openStream(res);
      await writeApart(res, [frame({ code: 608, error: 'reload' })]);
    });
    expect(await resumeStream(s.transport, 'c7', {}, fast)).toMatchObject({ status: 'cancelled', code: 608, message: 'reload', attempts: 2 });

    calls = 0;
    const failing = await startServer((_req, res) => json(res, 502, {}));
    const outcome = await resumeStream(failing.transport, 'c7', {}, fast);
    await failing.close();
    expect(outcome).toMatchObject({ status: 'error', code: -1, message: 'HTTP 502', partial: false, attempts: 4, mode: 'stream' });
    expect(failing.requests.every((r) => r.method === 'GET')).toBe(true);
  });
});

/**
 * A transport that tells how the exchange ended: whether the client aborted the request's signal
 * (the browser's ERR_ABORTED), and whether the body was read to its end or its reader cancelled.
 */
function watched(s: TestServer) {
  let signal: AbortSignal | undefined;
  let settle!: (end: 'ended' | 'cancelled' | 'failed') => void;
  const bodyEnd = new Promise<'ended' | 'cancelled' | 'failed'>((resolve) => (settle = resolve));
  const transport: StreamTransport = {
    ...s.transport,
    async fetch(input, init) {
      signal = init?.signal ?? undefined;
      const response = await s.transport.fetch!(input, init);
      const source = response.body!.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await source.read();
            if (done) {
              settle('ended');
              controller.close();
            } else controller.enqueue(value);
          } catch (error) {
            settle('failed');
            controller.error(error);
          }
        },
        cancel(reason) {
          settle('cancelled');
          return source.cancel(reason);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
  return { transport, bodyEnd, aborted: () => signal?.aborted ?? false };
}

describe('the end of a stream', () => {
  it('after done it reads the body to the end the server gives it, never aborting the request', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('答', { convId: 'c1' })), DONE]);
      res.end();
    });
    const exchange = watched(s);

    const outcome = await streamChat(exchange.transport, body, {});

    expect(outcome).toMatchObject({ status: 'done', endedWithoutDone: false });
    expect(await exchange.bodyEnd).toBe('ended');
    expect(exchange.aborted()).toBe(false);
  });

  it('the same after a cancel code, which the server also follows with done and the close', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame({ code: 1908, error: '失败' }), DONE]);
      res.end();
    });
    const exchange = watched(s);
    expect(await streamChat(exchange.transport, body, {}, fast)).toMatchObject({ status: 'cancelled', code: 1908 });
    expect(await exchange.bodyEnd).toBe('ended');
    expect(exchange.aborted()).toBe(false);
  });

  it('a server that never closes after done has its body cut after the grace, quietly: the outcome does not wait for it', async () => {
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [frame(delta('答')), DONE]);
      // …and the response stays open.
    });
    const exchange = watched(s);

    const outcome = await streamChat(exchange.transport, body, {}, { doneGraceMs: 50 });

    expect(outcome).toMatchObject({ status: 'done' });
    expect(await exchange.bodyEnd).toBe('cancelled');
    await s.requests[0]!.closed; // the connection is gone
    expect(exchange.aborted()).toBe(false);
  });

  it('the chunk completing the answer is told at once with its ids; follow-ups after it still arrive; an error after it only ends the stream', async () => {
    let sendRest!: () => void;
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    const s = await serve(async (_req, res) => {
      openStream(res);
      await writeApart(res, [
        frame({ ...delta('', { convId: 'a1', convGroupId: 'g1', parentConvId: 'q1' }), type: 'ping', seq: 1 }),
        frame({ ...delta('答案'), seq: 2 }),
        frame({ ...delta('', { convId: 'a1', convGroupId: 'g1', parentConvId: 'q1', title: '标题' }), seq: 3, answerComplete: true, createTime: '2030-01-01T08:00:00.000Z', offlineDemo: false }),
      ]);
      await rest;
      await writeApart(res, [frame({ type: 'follow_up', choices: [{ delta: { content: '一&&二' } }], seq: 4 }), frame({ code: 1908, error: '服务中断', seq: 5 }), DONE]);
      res.end();
    });
    const completed: CompletedAnswer[] = [];
    const followUps: string[][] = [];
    const outcome = streamChat(s.transport, body, {
      onAnswerComplete: (answer) => {
        completed.push(answer);
        sendRest();
      },
      onFollowUps: (list) => followUps.push(list),
    });

    expect(await outcome).toMatchObject({ status: 'done', lastSeq: 5, ids: { convId: 'a1', convGroupId: 'g1', parentConvId: 'q1' } });
    expect(completed).toEqual([{ convId: 'a1', convGroupId: 'g1', parentConvId: 'q1', title: '标题', createTime: '2030-01-01T08:00:00.000Z', offlineDemo: false }]);
    expect(followUps).toEqual([['一', '二']]);
  });
});
