import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WebSearchError } from '../errors.js';
import { fakeSearchServerForSuite } from '../testing/fakeSearchServer.js';
import { searchWith, signal, TEST_KEY } from '../testing/searchWith.js';

const result = (url: string, title: string, content: string, favicon?: string) => ({ title, url, content, score: 0.81, raw_content: null, ...(favicon ? { favicon } : {}) });
const answer = (results: unknown[]) => ({ query: '量子计算', follow_up_questions: null, answer: null, images: [], results, response_time: 1.09, request_id: 'r-1' });

describe('Tavily adapter (against a fake over HTTP)', () => {
  const fake = fakeSearchServerForSuite();

  it('posts /search with the bearer key and the documented body, and maps results with their favicons', async () => {
    fake.reply({
      status: 200,
      json: answer([
        result('https://www.ibm.com/cn-zh/topics/quantum-computing', '什么是量子计算？| IBM', '量子计算是一种新兴技术……', 'https://www.ibm.com/favicon.ico?v=2'),
        result('https://baike.baidu.com/item/量子计算', '量子计算_百度百科', '量子计算是一种遵循量子力学规律……', 'http://baike.baidu.com/favicon.ico'),
      ]),
    });
    const references = await searchWith(fake, 'tavily', { results: 6 }).search.search('量子计算', { signal: signal() });

    const [request] = fake.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.path, '/search');
    assert.equal(request?.headers.authorization, `Bearer ${TEST_KEY}`);
    assert.match(String(request?.headers['content-type']), /^application\/json/);
    assert.deepEqual(request?.body, { query: '量子计算', max_results: 6, search_depth: 'basic', include_answer: false, include_favicon: true });
    assert.deepEqual(references, [
      { id: '1', title: '什么是量子计算？| IBM', url: 'https://www.ibm.com/cn-zh/topics/quantum-computing', urlIcon: 'https://www.ibm.com/favicon.ico?v=2', abstract: '量子计算是一种新兴技术……' },
      // An http icon would be blocked by the page's CSP: the site's https favicon instead.
      { id: '2', title: '量子计算_百度百科', url: 'https://baike.baidu.com/item/%E9%87%8F%E5%AD%90%E8%AE%A1%E7%AE%97', urlIcon: 'https://baike.baidu.com/favicon.ico', abstract: '量子计算是一种遵循量子力学规律……' },
    ]);
  });

  it('answers [] for an empty results list', async () => {
    fake.reply({ status: 200, json: answer([]) });
    assert.deepEqual(await searchWith(fake, 'tavily').search.search('zzqqxx', { signal: signal() }), []);
  });

  it('401 is a bad key; 432 and 433 (plan and pay-as-you-go limits) are the quota; 400 is an error by its status', async () => {
    fake.reply(
      { status: 401, json: { detail: { error: 'Unauthorized: missing or invalid API key.' } } },
      { status: 432, json: { detail: { error: "This request exceeds your plan's set usage limit." } } },
      { status: 433, json: { detail: { error: 'This request exceeds the pay-as-you-go limit.' } } },
      { status: 400, json: { detail: { error: 'Query is too long. Max query length is 400 characters.' } } },
    );
    const { search } = searchWith(fake, 'tavily');
    const failures: WebSearchError[] = [];
    for (let i = 0; i < 4; i++) await search.search('量子', { signal: signal() }).catch((error: WebSearchError) => failures.push(error));
    assert.deepEqual(
      failures.map((f) => [f.kind, f.userMessage]),
      [
        ['auth', '搜索服务的密钥无效'],
        ['quota', '搜索服务的额度已用完'],
        ['quota', '搜索服务的额度已用完'],
        ['status', '搜索服务返回错误（HTTP 400）'],
      ],
    );
    assert.match(failures[3]!.message, /Max query length/);
  });

  it('an answer without results is not understood', async () => {
    fake.reply({ status: 200, json: { query: '量子' } });
    await assert.rejects(searchWith(fake, 'tavily').search.search('量子', { signal: signal() }), { name: 'WebSearchError', kind: 'badResponse' });
  });
});
