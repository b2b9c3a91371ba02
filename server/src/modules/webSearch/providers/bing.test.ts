import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WebSearchError } from '../errors.js';
import { fakeSearchServerForSuite } from '../testing/fakeSearchServer.js';
import { searchWith, signal, TEST_KEY } from '../testing/searchWith.js';

const page = (url: string, name: string, snippet: string) => ({ id: `https://api.bing.microsoft.com/api/v7/#WebPages.${name}`, name, url, displayUrl: url.replace(/^https?:\/\//, ''), snippet, dateLastCrawled: '2026-11-20T08:00:00.0000000Z', language: 'zh-CN', isFamilyFriendly: true });
const answer = (pages: unknown[]) => ({ _type: 'SearchResponse', queryContext: { originalQuery: '量子计算' }, webPages: { webSearchUrl: 'https://www.bing.com/search?q=x', totalEstimatedMatches: pages.length, value: pages } });

describe('Bing Web Search v7 adapter (against a fake over HTTP)', () => {
  const fake = fakeSearchServerForSuite();

  it('asks GET /v7.0/search with q, count, mkt and the subscription key header, and maps webPages.value', async () => {
    fake.reply({ status: 200, json: answer([page('https://www.zhihu.com/question/1', '如何理解量子计算？ - 知乎', '量子计算利用叠加和纠缠……'), page('http://news.example.cn/a?id=7', '量子新闻', '')]) });
    const references = await searchWith(fake, 'bing').search.search('量子计算', { count: 5, signal: signal() });

    const [request] = fake.requests;
    assert.equal(request?.method, 'GET');
    assert.equal(request?.path, '/v7.0/search');
    assert.deepEqual(Object.fromEntries(request!.query), { q: '量子计算', count: '5', mkt: 'zh-CN', safeSearch: 'Strict', responseFilter: 'Webpages', textDecorations: 'false', textFormat: 'Raw' });
    assert.equal(request?.headers['ocp-apim-subscription-key'], TEST_KEY);
    assert.deepEqual(references, [
      { id: '1', title: '如何理解量子计算？ - 知乎', url: 'https://www.zhihu.com/question/1', urlIcon: 'https://www.zhihu.com/favicon.ico', abstract: '量子计算利用叠加和纠缠……' },
      { id: '2', title: '量子新闻', url: 'http://news.example.cn/a?id=7', urlIcon: 'https://news.example.cn/favicon.ico' },
    ]);
  });

  it('a base URL written with /v7.0 names the same endpoint', async () => {
    fake.reply({ status: 200, json: answer([]) });
    const { search } = searchWith({ ...fake, baseUrl: `${fake.baseUrl}/v7.0/` }, 'bing');
    assert.deepEqual(await search.search('x', { signal: signal() }), []);
    assert.equal(fake.requests[0]?.path, '/v7.0/search');
  });

  it('answers [] when the response has no webPages (nothing found)', async () => {
    fake.reply({ status: 200, json: { _type: 'SearchResponse', queryContext: { originalQuery: 'zzqqxx' }, rankingResponse: {} } });
    assert.deepEqual(await searchWith(fake, 'bing').search.search('zzqqxx', { signal: signal() }), []);
  });

  it('401 is a bad key, 403 no permission or quota, 429 too many requests; the key never reaches the log detail', async () => {
    fake.reply(
      { status: 401, json: { error: { code: '401', message: `Access denied due to invalid subscription key ${TEST_KEY}.` } } },
      { status: 403, json: { _type: 'ErrorResponse', errors: [{ code: 'InsufficientAuthorization', subCode: 'AuthorizationExpired', message: 'Out of call volume quota.' }] } },
      { status: 429, json: { _type: 'ErrorResponse', errors: [{ code: 'RateLimitExceeded', message: 'Rate limit is exceeded.' }] } },
    );
    const { search } = searchWith(fake, 'bing');
    const failures: WebSearchError[] = [];
    for (let i = 0; i < 3; i++) await search.search('量子', { signal: signal() }).catch((error: WebSearchError) => failures.push(error));
    assert.deepEqual(
      failures.map((f) => [f.kind, f.userMessage]),
      [
        ['auth', '搜索服务的密钥无效'],
        ['quota', '搜索服务拒绝了请求：密钥无权限或额度已用完'],
        ['rateLimited', '搜索服务请求过于频繁'],
      ],
    );
    assert.match(failures[0]!.message, /invalid subscription key \[key\]/);
    assert.doesNotMatch(failures[0]!.message, new RegExp(TEST_KEY));
  });

  it('webPages.value that is not a list is not understood', async () => {
    fake.reply({ status: 200, json: { _type: 'SearchResponse', webPages: { value: {} } } });
    await assert.rejects(searchWith(fake, 'bing').search.search('量子', { signal: signal() }), { name: 'WebSearchError', kind: 'badResponse' });
  });
});
