import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ConversationTree, StreamChunk, ToolCallRecord } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, data, register, uniquePhone } from '../../testing/accounts.js';
import { answerText, chatBody, listen, readSse } from '../../testing/chatStream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { ANSWER_OF } from '../webSearch/testing/answers.js';
import { startFakeSearchServer, type FakeSearchServer } from '../webSearch/testing/fakeSearchServer.js';
import { searchQueryOf } from './webSearchStep.js';

const CHAT_ENV = { ...ACCOUNT_TEST_ENV, OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0', POINTS_DAILY_BY_TIER: '2000,10000,30000,60000' };
const HITS = [
  { url: 'https://news.example.cn/a', title: '长城保护新进展', snippet: '文物部门公布了长城保护的最新成果。' },
  { url: 'https://wiki.example.org/greatwall', title: '长城 - 百科', snippet: '长城是中国古代的军事防御工程。' },
];

const toolCallsOf = (chunks: StreamChunk[]) => {
  const records = new Map<string, ToolCallRecord>();
  for (const chunk of chunks) for (const record of chunk.toolCalls ?? []) records.set(record.id, record);
  return [...records.values()];
};

describe(`chat gateway with a web search provider (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let fake: FakeSearchServer;
  let base: string;
  let token: string;
  let userId: string;
  const stream = (body: Partial<Parameters<typeof chatBody>[0]>) => readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) });
  const searchEntries = async () => (await t.app.points.history(userId, 1, 200)).list.filter((entry) => entry.kind === 'search');

  before(async () => {
    fake = await startFakeSearchServer();
    t = await createTestApp({ ...CHAT_ENV, SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: fake.baseUrl });
    base = await listen(t.app.server);
    const session = await register(t.app.server, { phone: uniquePhone() });
    token = session.accessToken;
    userId = decodeJwt(token).sub!;
    await t.app.points.credit(userId, 'permanent', 20_000, { kind: 'redeem', reference: 'test', key: `test-credit:${userId}` });
  });
  after(async () => {
    await t.close();
    await fake.close();
  });

  it('searches before the model answers: the call shown, real references, the answer quotes them, 500 points as an entry of its own', async () => {
    fake.reply({ status: 200, json: ANSWER_OF.searxng(HITS) });
    const read = await stream({ request: '长城最近有什么新闻', search: true, model: 'gpt-4o-mini' });
    assert.equal(read.done, true);
    assert.equal(fake.requests.at(-1)!.query.get('q'), '长城最近有什么新闻');
    const references = read.chunks.flatMap((chunk) => chunk.references ?? []);
    assert.deepEqual(references.map((reference) => [reference.id, reference.title, reference.url]), HITS.map((hit, index) => [String(index + 1), hit.title, hit.url]));
    const [call] = toolCallsOf(read.chunks);
    assert.deepEqual([call!.showName, call!.status, call!.result], ['联网搜索', 'done', '找到 2 条结果']);
    const answer = answerText(read.chunks);
    assert.match(answer, /根据联网搜索「长城最近有什么新闻」的结果/);
    assert.match(answer, /文物部门公布了长城保护的最新成果/);
    assert.doesNotMatch(answer, /示例来源/, 'no illustrative sources when a real search ran');
    const entries = await searchEntries();
    assert.equal(entries.reduce((sum, entry) => sum + entry.delta, 0), -500);
    assert.equal(entries[0]!.kindText, '联网搜索');

    const convGroupId = String(read.chunks[0]!.convGroupId);
    const tree = await data<ConversationTree>(t.app.server, 'GET', `backend-api/getConversations?convGroupId=${convGroupId}`, { token });
    const saved = tree.roots[0]!.childs[0]!.chatContent[0]!;
    assert.equal(saved.references!.length, 2);
    assert.equal(saved.toolCalls![0]!.status, 'done', 'history shows the search');
  });

  it('a message starting with 搜索 searches for the rest of it', async () => {
    fake.reply({ status: 200, json: ANSWER_OF.searxng(HITS.slice(0, 1)) });
    const read = await stream({ request: '搜索：长城门票价格', search: false, model: 'gpt-4o-mini' });
    assert.equal(read.done, true);
    assert.equal(fake.requests.at(-1)!.query.get('q'), '长城门票价格');
    assert.equal(read.chunks.flatMap((chunk) => chunk.references ?? []).length, 1);
  });

  it('搜索 followed by a space or colon is the command; 搜索引擎… is the query itself', () => {
    assert.deepEqual(['搜索 上海天气', '搜索：长城', '搜索引擎的原理', '搜索'].map(searchQueryOf), ['上海天气', '长城', '搜索引擎的原理', '搜索']);
  });

  it('a failed search costs nothing, says why, and the answer still comes', async () => {
    const before = (await searchEntries()).length;
    fake.reply({ status: 502, raw: 'bad gateway', contentType: 'text/plain' });
    const read = await stream({ request: '长城有多长', search: true, model: 'gpt-4o-mini' });
    assert.equal(read.done, true);
    assert.equal(read.chunks.at(-1)!.code, 0, 'the answer completes');
    const [call] = toolCallsOf(read.chunks);
    assert.equal(call!.status, 'failed');
    assert.match(call!.result!, /本次未扣除搜索积分$/);
    assert.equal(read.chunks.flatMap((chunk) => chunk.references ?? []).length, 0);
    assert.match(answerText(read.chunks), /长城有多长/);
    assert.equal((await searchEntries()).length, before, 'no search entry');
  });

  it('every model may search once a provider is configured (the catalogue says so)', async () => {
    const catalogue = await data<{ options: Array<{ value: string; webSearchAvailable: boolean }> }>(t.app.server, 'GET', 'backend-api/getModelOptions');
    assert.ok(catalogue.options.filter((option) => option.value.startsWith('gpt')).every((option) => option.webSearchAvailable));
  });
});
