import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordingLog } from '../../testing/log.js';
import { WebSearchError } from './errors.js';
import { createWebSearch, MAX_QUERY_CHARS } from './service.js';
import { ANSWER_OF } from './testing/answers.js';
import { fakeSearchServerForSuite, startFakeSearchServer } from './testing/fakeSearchServer.js';
import { searchWith, signal } from './testing/searchWith.js';
import { SEARCH_PROVIDERS } from './types.js';

const rejectsWith = async (promise: Promise<unknown>, kind: string, userMessage: string) =>
  assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof WebSearchError, `expected a WebSearchError, got ${String(error)}`);
    assert.deepEqual([error.kind, error.userMessage], [kind, userMessage]);
    return true;
  });

describe('web search without a provider', () => {
  it('is not configured and refuses to search (never makes results up)', async () => {
    const search = createWebSearch({ provider: null, baseUrl: null, apiKey: null, results: 8, timeoutSeconds: 10 }, { log: recordingLog(), locale: 'zh-CN' });
    assert.equal(search.provider, null);
    assert.equal(search.configured(), false);
    await rejectsWith(search.search('量子计算', { signal: signal() }), 'notConfigured', '未配置联网搜索服务');
  });
});

for (const provider of SEARCH_PROVIDERS) {
  describe(`web search through ${provider} (common behaviour, against a fake)`, () => {
    const fake = fakeSearchServerForSuite();
    const answer = ANSWER_OF[provider];

    it('is configured and names its provider', () => {
      const { search } = searchWith(fake, provider);
      assert.deepEqual([search.provider, search.configured()], [provider, true]);
    });

    it('drops non-http URLs, keeps each page once (http/https, trailing slash and fragment alike), numbers what is left and trims the abstract', async () => {
      fake.reply({
        status: 200,
        json: answer([
          { url: 'javascript:alert(1)', title: '脚本', snippet: 'x' },
          { url: 'https://a.example.com/page/', title: '甲', snippet: '长'.repeat(500) },
          { url: 'ftp://files.example.com/x', title: 'FTP', snippet: 'x' },
          { url: 'http://a.example.com/page#part', title: '甲的副本', snippet: 'x' },
          { url: 'not a url', title: '坏地址', snippet: 'x' },
          { url: 'https://b.example.com/', title: '', snippet: '' },
        ]),
      });
      const references = await searchWith(fake, provider).search.search('量子', { signal: signal() });
      assert.deepEqual(
        references.map((r) => [r.id, r.title, r.url]),
        [
          ['1', '甲', 'https://a.example.com/page/'],
          ['2', 'b.example.com', 'https://b.example.com/'],
        ],
      );
      assert.equal([...references[0]!.abstract!].length, 300);
      assert.ok(references[0]!.abstract!.endsWith('…'));
      assert.equal('abstract' in references[1]!, false);
    });

    it('returns at most `count` references however many come back', async () => {
      fake.reply({ status: 200, json: answer(Array.from({ length: 10 }, (_, i) => ({ url: `https://s${i}.example.com/`, title: `t${i}`, snippet: 's' }))) });
      const references = await searchWith(fake, provider).search.search('量子', { count: 4, signal: signal() });
      assert.deepEqual(references.map((r) => r.id), ['1', '2', '3', '4']);
    });

    it('answers [] for no results without logging anything', async () => {
      fake.reply({ status: 200, json: answer([]) });
      const { search, log } = searchWith(fake, provider);
      assert.deepEqual(await search.search('zzqqxx', { signal: signal() }), []);
      assert.deepEqual(log.lines, []);
    });

    it('a 5xx is an error by its status, logged as a warning with the provider', async () => {
      fake.reply({ status: 502, raw: '<html>Bad Gateway</html>', contentType: 'text/html' });
      const { search, log } = searchWith(fake, provider);
      await rejectsWith(search.search('量子', { signal: signal() }), 'status', '搜索服务返回错误（HTTP 502）');
      assert.equal(log.lines.length, 1);
      assert.equal(log.lines[0]?.level, 'warn');
      assert.deepEqual(log.lines[0]?.obj, { provider, kind: 'status' });
      assert.match(log.lines[0]!.msg, /Bad Gateway/);
    });

    it('a 401 is a bad key and a 429 too many requests', async () => {
      fake.reply({ status: 401, json: {} }, { status: 429, json: {} });
      const { search } = searchWith(fake, provider);
      await rejectsWith(search.search('量子', { signal: signal() }), 'auth', '搜索服务的密钥无效');
      await rejectsWith(search.search('量子', { signal: signal() }), 'rateLimited', '搜索服务请求过于频繁');
    });

    it('malformed JSON in a 200 answer cannot be read', async () => {
      fake.reply({ status: 200, raw: '{"results": [', contentType: 'application/json' });
      await rejectsWith(searchWith(fake, provider).search.search('量子', { signal: signal() }), 'badResponse', '搜索服务返回的数据无法解析');
    });

    it('a provider that never answers times out at the time limit', async () => {
      fake.reply({ hang: true });
      const started = Date.now();
      await rejectsWith(searchWith(fake, provider, { timeoutMs: 150 }).search.search('量子', { signal: signal() }), 'timeout', '搜索服务超时');
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 140 && elapsed < 1500, `timed out after ${elapsed} ms`);
    });

    it("the caller's abort rejects with its reason, is not a WebSearchError and is not logged", async () => {
      fake.reply({ hang: true });
      const { search, log } = searchWith(fake, provider, { timeoutMs: 5000 });
      const controller = new AbortController();
      const reason = new Error('用户停止了回答');
      setTimeout(() => controller.abort(reason), 50);
      await assert.rejects(search.search('量子', { signal: controller.signal }), (error: unknown) => error === reason);
      assert.deepEqual(log.lines, []);
    });
  });
}

describe('web search input and connection failures', () => {
  const fake = fakeSearchServerForSuite();

  it('refuses an empty query without calling the provider', async () => {
    await rejectsWith(searchWith(fake, 'tavily').search.search(' \n\t ', { signal: signal() }), 'emptyQuery', '搜索内容为空');
    assert.equal(fake.requests.length, 0);
  });

  it(`cuts a long query to ${MAX_QUERY_CHARS} characters (whole characters) and keeps count within 1…20`, async () => {
    fake.reply({ status: 200, json: ANSWER_OF.tavily([]) }, { status: 200, json: ANSWER_OF.tavily([]) }, { status: 200, json: ANSWER_OF.tavily([]) });
    const { search } = searchWith(fake, 'tavily');
    await search.search('😀'.repeat(MAX_QUERY_CHARS + 50), { count: 99, signal: signal() });
    await search.search('量子', { count: 0, signal: signal() });
    await search.search('量子', { signal: signal() });
    const bodies = fake.requests.map((r) => r.body as { query: string; max_results: number });
    assert.equal(bodies[0]?.query, '😀'.repeat(MAX_QUERY_CHARS));
    assert.deepEqual(bodies.map((b) => b.max_results), [20, 1, 8]);
  });

  it('a provider that cannot be reached is a connection failure', async () => {
    const closed = await startFakeSearchServer();
    await closed.close();
    await rejectsWith(searchWith(closed, 'bocha').search.search('量子', { signal: signal() }), 'network', '无法连接搜索服务');
  });
});
