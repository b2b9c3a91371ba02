import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WebSearchError } from '../errors.js';
import { fakeSearchServerForSuite } from '../testing/fakeSearchServer.js';
import { searchWith, signal, TEST_KEY } from '../testing/searchWith.js';

const page = (url: string, name: string, fields: { snippet?: string; summary?: string; siteIcon?: string }) => ({
  id: null,
  name,
  url,
  displayUrl: url,
  snippet: fields.snippet ?? '',
  ...(fields.summary !== undefined ? { summary: fields.summary } : {}),
  siteName: '示例网站',
  siteIcon: fields.siteIcon ?? null,
  datePublished: '2026-11-20T08:18:30+08:00',
  dateLastCrawled: '2026-11-20T08:18:30Z',
  cachedPageUrl: null,
  language: null,
  isFamilyFriendly: null,
  isNavigational: null,
});
const answer = (pages: unknown[]) => ({
  code: 200,
  log_id: 'd71841ad20095f61',
  msg: null,
  data: { _type: 'SearchResponse', queryContext: { originalQuery: '量子计算' }, webPages: { webSearchUrl: '', totalEstimatedMatches: 8912791, value: pages, someResultsRemoved: false }, images: null, videos: null },
});
const refusal = (code: string, message: string) => ({ code, message, log_id: 'c66aac17eab1bb7e' });

describe('博查 Web Search adapter (against a fake over HTTP)', () => {
  const fake = fakeSearchServerForSuite();

  it('posts /v1/web-search with the bearer key and the documented body; the summary is preferred to the snippet, siteIcon is the icon', async () => {
    fake.reply({
      status: 200,
      json: answer([
        page('https://www.alibabagroup.com/document-1', '阿里巴巴发布2024年ESG报告', { snippet: '短描述', summary: '详细摘要：阿里巴巴扎实推进减碳举措。', siteIcon: 'https://th.bochaai.com/favicon?domain_url=https://www.alibabagroup.com/document-1' }),
        page('http://tech.cnr.cn/techph/20240722/t1.shtml', '央广网报道', { snippet: '只有简短描述' }),
      ]),
    });
    const references = await searchWith(fake, 'bocha').search.search('阿里巴巴2024年的esg报告', { count: 4, signal: signal() });

    const [request] = fake.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.path, '/v1/web-search');
    assert.equal(request?.headers.authorization, `Bearer ${TEST_KEY}`);
    assert.deepEqual(request?.body, { query: '阿里巴巴2024年的esg报告', count: 4, summary: true, freshness: 'noLimit' });
    assert.deepEqual(references, [
      {
        id: '1',
        title: '阿里巴巴发布2024年ESG报告',
        url: 'https://www.alibabagroup.com/document-1',
        urlIcon: 'https://th.bochaai.com/favicon?domain_url=https://www.alibabagroup.com/document-1',
        abstract: '详细摘要：阿里巴巴扎实推进减碳举措。',
      },
      { id: '2', title: '央广网报道', url: 'http://tech.cnr.cn/techph/20240722/t1.shtml', urlIcon: 'https://tech.cnr.cn/favicon.ico', abstract: '只有简短描述' },
    ]);
  });

  it('answers [] when data.webPages is empty or absent', async () => {
    fake.reply({ status: 200, json: answer([]) }, { status: 200, json: { code: 200, log_id: 'x', msg: null, data: { _type: 'SearchResponse', queryContext: {} } } });
    const { search } = searchWith(fake, 'bocha');
    assert.deepEqual(await search.search('zzqqxx', { signal: signal() }), []);
    assert.deepEqual(await search.search('zzqqxx', { signal: signal() }), []);
  });

  it('reads the documented refusals: 401 invalid key, 403 no balance, 429 the request limit, 500 — by HTTP status or by the code of a 2xx answer', async () => {
    fake.reply(
      { status: 401, json: refusal('401', 'Invalid API KEY') },
      { status: 403, json: refusal('403', 'You do not have enough money') },
      { status: 429, json: refusal('429', 'You have reached the request limit') },
      { status: 500, json: refusal('500', 'internal error') },
      { status: 200, json: refusal('403', 'You do not have enough money') },
    );
    const { search } = searchWith(fake, 'bocha');
    const failures: WebSearchError[] = [];
    for (let i = 0; i < 5; i++) await search.search('量子', { signal: signal() }).catch((error: WebSearchError) => failures.push(error));
    assert.deepEqual(
      failures.map((f) => [f.kind, f.userMessage]),
      [
        ['auth', '搜索服务的密钥无效'],
        ['quota', '搜索服务的额度已用完'],
        ['rateLimited', '搜索服务请求过于频繁'],
        ['status', '搜索服务返回错误（HTTP 500）'],
        ['quota', '搜索服务的额度已用完'],
      ],
    );
    assert.match(failures[4]!.message, /enough money/);
  });

  it('a success code without data is not understood', async () => {
    fake.reply({ status: 200, json: { code: 200, log_id: 'x', msg: null } });
    await assert.rejects(searchWith(fake, 'bocha').search.search('量子', { signal: signal() }), { name: 'WebSearchError', kind: 'badResponse' });
  });
});
