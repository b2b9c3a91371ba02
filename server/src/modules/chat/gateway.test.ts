import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { ConversationTree, StreamChunk } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { answerText, chatBody, listen, readSse, type SseRead } from '../../testing/chatStream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../../testing/testRedis.js';
import { faultMarker } from './upstream/offline/index.js';

/** The offline model unpaced: tests wait on events, never on the clock. */
const CHAT_ENV = { ...ACCOUNT_TEST_ENV, OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0', POINTS_DAILY_BY_TIER: '2000,10000,30000,60000' };

const seqs = (read: SseRead) => read.chunks.map((c) => c.seq);
const finalChunk = (read: SseRead) => read.chunks.at(-1)!;

describe(`chat gateway (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let userId: string;
  const server = () => t.app.server;
  const balance = async () => {
    const b = await t.app.points.balance(userId);
    return b.restIntegral + b.restIntegral2;
  };
  const stream = (body: Partial<Parameters<typeof chatBody>[0]>, options?: Parameters<typeof readSse>[3]) =>
    readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) }, options);
  const tree = (convGroupId: string) => data<ConversationTree>(server(), 'GET', `backend-api/getConversations?convGroupId=${convGroupId}`, { token });

  before(async () => {
    t = await createTestApp(CHAT_ENV);
    base = await listen(t.app.server);
    const session = await register(t.app.server, { phone: uniquePhone() });
    token = session.accessToken;
    userId = decodeJwt(token).sub!;
    // Enough for the per-token models' holds (up to 4000 output tokens), not for a 16000-point request.
    await t.app.points.credit(userId, 'permanent', 10_000, { kind: 'redeem', reference: 'test', key: `test-credit:${userId}` });
  });
  after(() => t.close());

  it('streams the spec chunk shape: a ping with the ids, numbered deltas, follow-ups, the final chunk, done', async () => {
    const before = await balance();
    const read = await stream({ request: '请介绍一下长城的历史' });
    assert.equal(read.status, 200);
    assert.match(read.contentType, /^text\/event-stream/);
    assert.equal(read.done, true);
    assert.deepEqual(seqs(read), read.chunks.map((_, i) => i + 1), 'seq 1, 2, 3… without gaps');
    assert.deepEqual(read.ids, seqs(read).map(String), 'the SSE id is the seq');
    const [first] = read.chunks;
    assert.equal(first!.type, 'ping');
    assert.ok(first!.convId && first!.convGroupId, 'the first chunk carries the ids');
    const followUp = read.chunks.find((c) => c.type === 'follow_up')!;
    assert.equal(followUp.choices![0]!.delta!.content!.split('&&').length, 3);
    const last = finalChunk(read);
    assert.equal(last.code, 0);
    assert.equal(last.convId, first!.convId);
    assert.equal(last.convGroupId, first!.convGroupId);
    assert.equal(last.title, '请介绍一下长城的历史');
    assert.equal(last.offlineDemo, true);
    const text = answerText(read.chunks);
    assert.match(text, /长城/);
    assert.match(text, /离线演示/);

    // Billed before the last chunk: a client refreshing its points on done sees the charge (glm-4-flash: 3 per request).
    assert.equal(await balance(), before - 3);
    const saved = await tree(String(first!.convGroupId));
    const question = saved.roots[0]!;
    assert.equal(question.chatContent[0]!.content, '请介绍一下长城的历史');
    const answer = question.childs[0]!;
    assert.equal(answer.convId, String(first!.convId));
    assert.equal(answer.status, 'done');
    assert.equal(answer.offlineDemo, true);
    assert.equal(answer.chatContent[0]!.content, text);
    assert.equal(answer.chatContent[0]!.followUps!.length, 3);
  });

  it('think models stream reasoning deltas before the answer; web models a progress line and references', async () => {
    const think = await stream({ model: 'deepseek-reasoner', request: '为什么天空是蓝色的' });
    const reasoningAt = think.chunks.findIndex((c) => c.choices?.[0]?.delta?.reasoning_content);
    const contentAt = think.chunks.findIndex((c) => c.type === 'normal' && c.choices?.[0]?.delta?.content);
    assert.ok(reasoningAt > 0 && reasoningAt < contentAt, 'reasoning first');
    const web = await stream({ model: 'perplexity-sonar', request: '今天的科技新闻' });
    assert.ok(web.chunks.some((c) => c.choices?.[0]?.delta?.content?.startsWith('正在搜索')));
    assert.ok(web.chunks.some((c) => (c.references?.length ?? 0) >= 3));
    assert.equal(finalChunk(web).code, 0);
  });

  it('continues and regenerates: the context follows the branch, a regenerated answer is a sibling', async () => {
    const first = await stream({ request: '第一个问题' });
    const ids = { convGroupId: String(first.chunks[0]!.convGroupId), convId: String(first.chunks[0]!.convId) };
    const second = await stream({ request: '第二个问题', convGroupId: ids.convGroupId, parentConvId: ids.convId });
    assert.equal(finalChunk(second).convGroupId, ids.convGroupId);
    const saved = await tree(ids.convGroupId);
    const userNode = saved.roots[0]!.childs[0]!.childs[0]!;
    assert.equal(userNode.chatContent[0]!.content, '第二个问题');
    const regenerated = await stream({ request: '', convGroupId: ids.convGroupId, parentConvId: userNode.convId });
    assert.equal(finalChunk(regenerated).code, 0);
    const after = await tree(ids.convGroupId);
    const versions = after.roots[0]!.childs[0]!.childs[0]!;
    assert.equal(versions.childs.length, 2);
    assert.equal(versions.selectedChild, 1);
    assert.equal(versions.childs[1]!.convId, String(regenerated.chunks[0]!.convId));
  });

  it('the plain-request fallback (stream: false) answers the whole text in one envelope', async () => {
    const answer = await envelope<string>(server(), 'POST', 'backend-api/getStream', { token, payload: chatBody({ stream: false, request: '用一句话介绍杭州' }) });
    assert.equal(answer.code, 0);
    assert.match(answer.data, /杭州/);
    const ids = answer as unknown as { convId: string; convGroupId: string; title: string };
    assert.ok(ids.convId && ids.convGroupId && ids.title);
  });

  it('a failure before any output costs nothing and leaves a failed answer with the reason', async () => {
    const before = await balance();
    const read = await stream({ request: `解释一下量子计算 ${faultMarker('error-before-output')}` });
    const last = finalChunk(read);
    assert.equal(last.code, 1908);
    assert.match(last.error!, /离线演示模型模拟的上游错误/);
    assert.equal(read.done, true);
    assert.equal(await balance(), before);
    const saved = await tree(String(last.convGroupId));
    assert.equal(saved.roots[0]!.childs[0]!.status, 'failed');
  });

  it('an upstream error mid-stream costs nothing and keeps what was produced', async () => {
    const before = await balance();
    const read = await stream({ request: `讲讲西湖 ${faultMarker('error-mid-stream')}` });
    const last = finalChunk(read);
    assert.equal(last.code, 1908);
    const partial = answerText(read.chunks);
    assert.ok(partial.length > 0);
    assert.equal(await balance(), before);
    const answer = (await tree(String(last.convGroupId))).roots[0]!.childs[0]!;
    assert.equal(answer.status, 'failed');
    assert.equal(answer.chatContent[0]!.content, partial);
  });

  it('the malformed-chunk fault sends one frame the client cannot parse, then goes on', async () => {
    const read = await stream({ request: `介绍苏州园林 ${faultMarker('malformed-chunk')}` });
    assert.equal(read.chunks.filter((c) => c.raw !== undefined).length, 1);
    assert.equal(finalChunk(read).code, 0);
  });

  it('a dropped connection does not stop the job; resume replays what was missed, once each, then tails it live; stop keeps the partial answer', async () => {
    const before = await balance();
    let convId = '';
    const dropped = await stream({ request: `写一篇关于长江的介绍 ${faultMarker('stall')}` }, { dropAfter: 3, onChunk: (c) => (convId ||= String(c.convId ?? '')) });
    assert.equal(dropped.chunks.length, 3);
    assert.equal(await data<boolean>(server(), 'GET', `backend-api/checkChatId?chatId=${convId}`, { token }), true);

    const lastSeen = dropped.chunks.at(-1)!.seq!;
    let stopped = false;
    const resumed = readSse(base, token, { method: 'GET', path: `backend-api/resumeStream?convId=${convId}&after=${lastSeen}` }, {
      onChunk: () => {
        // Once the stall point has surely been reached (the replay is done), the user stops.
        if (stopped) return;
        stopped = true;
        setTimeout(() => void data(server(), 'GET', `backend-api/stopChatId?chatId=${convId}`, { token }), 50);
      },
    });
    const rest = await resumed;
    assert.equal(rest.done, true);
    const all = [...dropped.chunks, ...rest.chunks];
    assert.deepEqual(seqs({ ...rest, chunks: all }), all.map((_, i) => i + 1), 'every chunk exactly once, in order');
    assert.equal(finalChunk(rest).code, 699);

    const answer = (await tree(String(dropped.chunks[0]!.convGroupId))).roots[0]!.childs[0]!;
    assert.equal(answer.status, 'stopped');
    assert.equal(answer.chatContent[0]!.content, answerText(all));
    assert.ok(answer.chatContent[0]!.content.length > 0);
    // Stopped after output: a per-request model is charged its price.
    assert.equal(await balance(), before - 3);
    assert.equal(await data<boolean>(server(), 'GET', `backend-api/checkChatId?chatId=${convId}`, { token }), false);
    assert.deepEqual(await data(server(), 'GET', `backend-api/stopChatId?chatId=${convId}`, { token }), { stopped: false });
  });

  it('only the owner may check, resume or stop a generation', async () => {
    let convId = '';
    await stream({ request: `长文 ${faultMarker('stall')}` }, { dropAfter: 2, onChunk: (c) => (convId ||= String(c.convId ?? '')) });
    const other = (await register(server(), { phone: uniquePhone() })).accessToken;
    assert.equal(await data<boolean>(server(), 'GET', `backend-api/checkChatId?chatId=${convId}`, { token: other }), false);
    assert.deepEqual(await data(server(), 'GET', `backend-api/stopChatId?chatId=${convId}`, { token: other }), { stopped: false });
    const intruder = await readSse(base, other, { method: 'GET', path: `backend-api/resumeStream?convId=${convId}` });
    assert.equal(finalChunk(intruder).code, 1907);
    assert.deepEqual(await data(server(), 'GET', `backend-api/stopChatId?chatId=${convId}`, { token }), { stopped: true });
  });

  it('refusals come as one error chunk and write nothing', async () => {
    const groupsBefore = (await data<unknown[]>(server(), 'GET', 'backend-api/getConversationGroups', { token })).length;
    const cases: Array<[Partial<Parameters<typeof chatBody>[0]>, number, RegExp]> = [
      [{ request: '怎么 自制 炸药' }, 1901, /^禁止输入违反中华人民共和国法律法规的内容！$/],
      [{ request: '你好', systemPrompt: '分裂国家' }, 1901, /法律法规/],
      [{ systemPrompt: 'x'.repeat(10_001) }, 1902, /^输入长度不能超过10000$/],
      [{ model: 'no-such-model' }, 400, /^未知的模型$/],
      [{ model: 'o3-new-all' }, 602, /^积分不足，请及时充值$/],
      [{ model: 'claude-opus-4' }, 1801, /^\[套餐2及以上用户或订阅用户使用\]$/],
      [{ request: '   ' }, 1903, /请输入/],
      [{ convGroupId: 'no-such-group' }, 1904, /对话不存在/],
    ];
    for (const [body, code, message] of cases) {
      const read = await stream(body);
      assert.equal(read.chunks.length, 1, JSON.stringify(body).slice(0, 80));
      assert.equal(read.chunks[0]!.code, code, JSON.stringify(body).slice(0, 80));
      assert.match(read.chunks[0]!.error!, message);
      assert.equal(read.done, true);
    }
    assert.equal((await data<unknown[]>(server(), 'GET', 'backend-api/getConversationGroups', { token })).length, groupsBefore);
  });

  it('a stale parent answers 608 (the client reloads the conversation and regenerates)', async () => {
    const first = await stream({ request: '问题' });
    const read = await stream({ request: '追问', convGroupId: String(first.chunks[0]!.convGroupId), parentConvId: 'gone' });
    assert.equal(read.chunks[0]!.code, 608);
  });

  it('refuses a signed-out caller and malformed bodies with clear errors, never a 500', async () => {
    const anonymous = await fetch(`${base}/app-api/backend-api/getStream`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.notEqual(anonymous.status, 500);
    const bad = await envelope(server(), 'POST', 'backend-api/getStream', { token, payload: { model: 42 } }).catch(() => null);
    const raw = await server().inject({ method: 'POST', url: '/app-api/backend-api/getStream', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(await import('../../testing/signature.js')).signForTest() }, payload: '{"model": ' });
    assert.equal(raw.statusCode, 400);
    assert.ok(bad === null || bad.code === 400);
  });

  it('a job that cannot start (its shared log unreachable) leaves nothing held or generating', async () => {
    const jobs = t.app.chat.jobs;
    const start = jobs.start.bind(jobs);
    jobs.start = async () => {
      throw new Error('shared job log unreachable');
    };
    try {
      const before = await balance();
      const read = await stream({ request: '启动失败的任务' });
      const last = finalChunk(read);
      assert.equal(last.code, 500);
      assert.equal(await balance(), before);
      const groups = await data<Array<{ convGroupId: string; title: string }>>(server(), 'GET', 'backend-api/getConversationGroups', { token });
      const group = groups.find((g) => g.title === '启动失败的任务')!;
      assert.equal((await tree(group.convGroupId)).roots[0]!.childs[0]!.status, 'failed');
      assert.equal((await t.app.db.db.selectFrom('chat_jobs').selectAll().execute()).length, 0);
    } finally {
      jobs.start = start;
    }
  });

  it('50 concurrent streams of one user all finish, each billed once', async () => {
    const before = await balance();
    const reads = await Promise.all(Array.from({ length: 50 }, (_, i) => stream({ request: `并发问题 ${i}` })));
    for (const read of reads) {
      assert.equal(read.done, true);
      assert.equal(finalChunk(read).code, 0);
    }
    assert.equal(new Set(reads.map((r) => r.chunks[0]!.convId)).size, 50);
    assert.equal(await balance(), before - 50 * 3);
    assert.equal(t.app.chat.jobs.runningCount, 0);
  });
});

describe(`chat running-job cap (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  it('a full instance refuses with 1909 before writing a conversation or holding points; the gauge counts running jobs', async () => {
    const t = await createTestApp({ ...CHAT_ENV, CHAT_MAX_RUNNING_JOBS: '1' });
    try {
      const base = await listen(t.app.server);
      const token = (await register(t.app.server, { phone: uniquePhone() })).accessToken;
      const userId = decodeJwt(token).sub!;
      const points = async () => {
        const b = await t.app.points.balance(userId);
        return b.restIntegral + b.restIntegral2;
      };
      const groups = async () => (await data<unknown[]>(t.app.server, 'GET', 'backend-api/getConversationGroups', { token })).length;
      const stream = (request: string) => readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ request }) });
      assert.equal(t.app.chat.runningJobs(), 0);
      let convId = '';
      await readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ request: `占住唯一的位置 ${faultMarker('stall')}` }) }, { dropAfter: 2, onChunk: (c) => (convId ||= String(c.convId ?? '')) });
      assert.equal(t.app.chat.runningJobs(), 1);
      const [pointsBefore, groupsBefore] = [await points(), await groups()];

      const refused = await stream('第二个问题');
      assert.deepEqual(refused.chunks.map((c) => [c.code, c.error]), [[1909, '服务器繁忙，请稍后再试']]);
      assert.equal(refused.done, true);
      const plain = await envelope(t.app.server, 'POST', 'backend-api/getStream', { token, payload: chatBody({ stream: false, request: '第三个问题' }) });
      assert.deepEqual([plain.code, plain.msg], [1909, '服务器繁忙，请稍后再试']);
      assert.equal(await groups(), groupsBefore, 'no conversation written');
      assert.equal(await points(), pointsBefore, 'no points held');

      assert.deepEqual(await data(t.app.server, 'GET', `backend-api/stopChatId?chatId=${convId}`, { token }), { stopped: true });
      assert.equal(t.app.chat.runningJobs(), 0);
      assert.equal(finalChunk(await stream('空出位置后的问题')).code, 0, 'the slot is free again');
    } finally {
      await t.close();
    }
  });
});

describe(`chat across two server instances sharing the database and Redis (${process.env.TEST_DATABASE ?? 'sqlite'})`, redisSuite, () => {
  const prefix = testKeyPrefix();
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let token: string;
  before(async () => {
    if (redisSuite.skip) return;
    // No wait pings: a stalled job writes nothing more, like one whose process died.
    const env = { ...CHAT_ENV, REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix, CHAT_PING_SECONDS: '600' };
    a = await createTestApp({ ...env, INSTANCE_ID: 'instance-a' });
    b = await createTestApp({ ...env, INSTANCE_ID: 'instance-b' }, { storage: a.storage });
    token = (await register(a.app.server, { phone: uniquePhone() })).accessToken;
    baseA = await listen(a.app.server);
    baseB = await listen(b.app.server);
  });
  beforeEach(() => assertRedisReachable());
  after(async () => {
    await b?.close();
    await a?.close();
    await deleteTestKeys(prefix);
  });

  it('a generation started on one instance is checked, resumed and stopped through the other', async () => {
    let convId = '';
    const dropped = await readSse(baseA, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ request: `介绍黄山 ${faultMarker('stall')}` }) }, { dropAfter: 3, onChunk: (c) => (convId ||= String(c.convId ?? '')) });
    assert.equal(await data<boolean>(b.app.server, 'GET', `backend-api/checkChatId?chatId=${convId}`, { token }), true);
    let stopping = false;
    const rest = await readSse(baseB, token, { method: 'GET', path: `backend-api/resumeStream?convId=${convId}`, }, {
      headers: { 'last-event-id': String(dropped.chunks.at(-1)!.seq) },
      onChunk: () => {
        if (stopping) return;
        stopping = true;
        setTimeout(() => void data(b.app.server, 'GET', `backend-api/stopChatId?chatId=${convId}`, { token }), 100);
      },
    });
    const all = [...dropped.chunks, ...rest.chunks];
    assert.deepEqual(all.map((c) => c.seq), all.map((_, i) => i + 1), 'every chunk exactly once, in order');
    assert.equal(rest.done, true);
    assert.equal(all.at(-1)!.code, 699);
    const saved = await data<ConversationTree>(b.app.server, 'GET', `backend-api/getConversations?convGroupId=${dropped.chunks[0]!.convGroupId}`, { token });
    assert.equal(saved.roots[0]!.childs[0]!.status, 'stopped');
    assert.equal(saved.roots[0]!.childs[0]!.chatContent[0]!.content, answerText(all));
    assert.equal(await data<boolean>(a.app.server, 'GET', `backend-api/checkChatId?chatId=${convId}`, { token }), false);
  });

  it('when the owning instance dies, a reader on the other gets the failed chunk and recovery keeps the partial answer', { timeout: 20_000 }, async () => {
    let convId = '';
    const seen = await readSse(baseA, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody({ request: `介绍泰山 ${faultMarker('stall')}` }) }, { dropAfter: 3, onChunk: (c) => (convId ||= String(c.convId ?? '')) });
    const groupId = String(seen.chunks[0]!.convGroupId);
    const resumed = readSse(baseB, token, { method: 'GET', path: `backend-api/resumeStream?convId=${convId}&after=${seen.chunks.at(-1)!.seq}` });
    // Instance A dies: it stops beating and its stalled job writes nothing more; 61 s pass for the liveness row.
    await new Promise((r) => setTimeout(r, 300));
    await a.app.chat.recovery.stop();
    await a.app.db.db.updateTable('chat_instances').set({ heartbeat_at: new Date(Date.now() - 61_000).toISOString() }).where('id', '=', 'instance-a').execute();
    // A reader that kept waiting would wait for the log to expire (minutes): the test's own time
    // limit is what fails then, no wall-clock assertion.
    const rest = await resumed;
    const all = [...seen.chunks, ...rest.chunks];
    assert.deepEqual(all.map((c) => c.seq), all.map((_, i) => i + 1), 'every chunk once, then the failure');
    assert.equal(rest.done, true);
    assert.deepEqual([all.at(-1)!.code, all.at(-1)!.convId, all.at(-1)!.convGroupId], [1908, convId, groupId]);
    assert.match(all.at(-1)!.error!, /服务中断/);
    assert.equal(await data<boolean>(b.app.server, 'GET', `backend-api/checkChatId?chatId=${convId}`, { token }), false);

    await b.app.chat.recovery.sweep();
    const answer = (await data<ConversationTree>(b.app.server, 'GET', `backend-api/getConversations?convGroupId=${groupId}`, { token })).roots[0]!.childs[0]!;
    assert.equal(answer.status, 'failed');
    assert.match(answer.error!, /服务中断/);
    const partial = answerText(all);
    assert.ok(partial.length > 0);
    assert.equal(answer.chatContent[0]!.content, partial, 'the partial answer the user saw is kept');
    // The shared log is ended too: a later resume replays it and ends at once with the failure.
    const replay = await readSse(baseB, token, { method: 'GET', path: `backend-api/resumeStream?convId=${convId}` });
    assert.deepEqual(replay.chunks.map((c) => c.seq), all.map((c) => c.seq));
    assert.equal(replay.chunks.at(-1)!.code, 1908);
  });
});

describe(`chat crash recovery (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  it('a job interrupted by a crash is found at the next start: hold refunded, answer marked failed', async () => {
    const env = { ...CHAT_ENV, INSTANCE_ID: 'crash-test' };
    const first = await createTestApp(env);
    const session = await register(first.app.server, { phone: uniquePhone() });
    const userId = decodeJwt(session.accessToken).sub!;
    // The state a killed process leaves: a turn, a hold and a job row, and nothing running.
    const turn = await first.app.conversations.startTurn(userId, { convGroupId: null, parentConvId: null, request: '崩溃前的问题', model: 'glm-4-flash', modelName: 'glm-4-flash', gptsId: null, knowledgeId: null, knowledgeName: null, icon: null });
    await first.app.points.hold(userId, turn.assistantNodeId, 'glm-4-flash');
    await first.app.chat.recovery.register(turn.assistantNodeId, userId);
    const held = await first.app.points.balance(userId);
    await first.app.close();

    const restarted = await createTestApp(env, { storage: first.storage });
    try {
      const after = await restarted.app.points.balance(userId);
      assert.equal(after.restIntegral2, held.restIntegral2 + 3, 'the hold was released');
      const saved = await restarted.app.conversations.tree(userId, turn.group.convGroupId);
      const answer = saved.roots[0]!.childs[0]!;
      assert.equal(answer.status, 'failed');
      assert.match(answer.error!, /服务中断/);
      assert.equal(await restarted.app.chat.recovery.sweep(), 0, 'nothing left to recover');
    } finally {
      await restarted.close();
      await first.storage.cleanup();
    }
  });
});

describe(`chat gateway: concurrent sends refused for points leave no conversation (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ ...CHAT_ENV, POINTS_DAILY_BY_TIER: '0,0,0,0' });
  });
  after(() => t.close());

  it('every send passes the quote, one gets the hold; the 602 refusals write no conversation, no failed answer', async () => {
    const { accessToken: token } = await register(t.app.server, { phone: uniquePhone() });
    const userId = decodeJwt(token).sub!;
    const model = 'gpt-4o';
    const { maxCost, allowed } = await t.app.points.quote(userId, model);
    assert.equal(allowed, false, 'nothing to spend yet');
    await t.app.points.credit(userId, 'permanent', maxCost, { kind: 'redeem', reference: 'test', key: `test-credit:${userId}` });

    const sends = 6;
    const answers = await Promise.all(
      Array.from({ length: sends }, (_, i) => envelope(t.app.server, 'POST', 'backend-api/getStream', { token, payload: chatBody({ model, modelName: model, stream: false, request: `问题 ${i}` }) })),
    );
    const codes = answers.map((a) => a.code).sort();
    assert.deepEqual(codes, [0, ...Array(sends - 1).fill(602)], JSON.stringify(answers.map((a) => [a.code, a.msg])));
    for (const refused of answers.filter((a) => a.code === 602)) assert.deepEqual(refused, { code: 602, data: null, msg: '积分不足，请及时充值' }, 'no conversation ids');

    const groups = await data<Array<{ convGroupId: string }>>(t.app.server, 'GET', 'backend-api/getConversationGroups', { token });
    assert.equal(groups.length, 1, 'only the send that got its hold has a conversation');
    const failed = await t.app.db.db.selectFrom('conversation_nodes').select('id').where('user_id', '=', userId).where('status', '=', 'failed').execute();
    assert.deepEqual(failed, []);
    const holds = await t.app.db.db.selectFrom('points_holds').select(['status']).where('user_id', '=', userId).execute();
    assert.equal(holds.length, 1, 'a refused hold leaves no hold either');
  });
});

export type { StreamChunk };
