import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WebSearchError } from '../errors.js';
import { fakeSearchServerForSuite } from '../testing/fakeSearchServer.js';
import { searchWith, signal } from '../testing/searchWith.js';

const result = (url: string, title: string, content: string, engine = 'bing') => ({ url, title, content, engine, engines: [engine], score: 1, category: 'general', parsed_url: [] });
const answer = (results: unknown[], unresponsive: unknown[] = []) => ({ query: '量子计算', number_of_results: 0, results, answers: [], corrections: [], infoboxes: [], suggestions: [], unresponsive_engines: unresponsive });

describe('SearXNG adapter (against a fake instance over HTTP)', () => {
  const fake = fakeSearchServerForSuite();

  it('asks GET /search with q, format=json, language and safesearch, without a key by default, and maps results in order', async () => {
    fake.reply({
      status: 200,
      json: answer([
        result('https://zh.wikipedia.org/wiki/量子计算', '量子计算 - 维基百科', '量子计算是一种遵循量子力学规律调控量子信息单元进行计算的新型计算模式。'),
        result('https://www.example.cn/quantum', '量子计算入门', '  从量子比特讲起\n  到量子门。 ', 'baidu'),
      ]),
    });
    const { search } = searchWith(fake, 'searxng', { apiKey: null });
    const references = await search.search('  量子计算  是什么 ', { signal: signal() });

    const [request] = fake.requests;
    assert.equal(request?.method, 'GET');
    assert.equal(request?.path, '/search');
    assert.deepEqual(Object.fromEntries(request!.query), { q: '量子计算 是什么', format: 'json', language: 'zh-CN', safesearch: '2', pageno: '1' });
    assert.equal(request?.headers.authorization, undefined);
    assert.deepEqual(references, [
      { id: '1', title: '量子计算 - 维基百科', url: 'https://zh.wikipedia.org/wiki/%E9%87%8F%E5%AD%90%E8%AE%A1%E7%AE%97', urlIcon: 'https://zh.wikipedia.org/favicon.ico', abstract: '量子计算是一种遵循量子力学规律调控量子信息单元进行计算的新型计算模式。' },
      { id: '2', title: '量子计算入门', url: 'https://www.example.cn/quantum', urlIcon: 'https://www.example.cn/favicon.ico', abstract: '从量子比特讲起 到量子门。' },
    ]);
  });

  it('sends a configured key as a bearer token, asks in English for the international edition, and keeps the first `count` results', async () => {
    fake.reply({ status: 200, json: answer(Array.from({ length: 12 }, (_, i) => result(`https://site${i}.example.com/`, `第 ${i} 条`, `摘要 ${i}`))) });
    const { search } = searchWith(fake, 'searxng', { apiKey: 'proxy-key', locale: 'en-US' });
    const references = await search.search('quantum', { count: 3, signal: signal() });
    assert.equal(fake.requests[0]?.headers.authorization, 'Bearer proxy-key');
    assert.equal(fake.requests[0]?.query.get('language'), 'en-US');
    assert.deepEqual(references.map((r) => [r.id, r.url]), [['1', 'https://site0.example.com/'], ['2', 'https://site1.example.com/'], ['3', 'https://site2.example.com/']]);
  });

  it('answers [] when nothing was found', async () => {
    fake.reply({ status: 200, json: answer([]) });
    assert.deepEqual(await searchWith(fake, 'searxng').search.search('没有结果的词', { signal: signal() }), []);
  });

  it('fails when every engine was unresponsive: an outage is not "nothing found"', async () => {
    fake.reply({ status: 200, json: answer([], [['google', 'timeout'], ['bing', 'CAPTCHA']]) });
    await assert.rejects(searchWith(fake, 'searxng').search.search('量子', { signal: signal() }), (error: unknown) => {
      assert.ok(error instanceof WebSearchError);
      assert.equal(error.kind, 'unavailable');
      assert.equal(error.userMessage, '搜索服务的搜索引擎暂时都没有响应');
      assert.match(error.message, /CAPTCHA/);
      return true;
    });
  });

  it('a 403 (the JSON format is not enabled) says so in the log detail', async () => {
    fake.reply({ status: 403, raw: '<html>403 Forbidden</html>', contentType: 'text/html' });
    await assert.rejects(searchWith(fake, 'searxng').search.search('量子', { signal: signal() }), (error: unknown) => {
      assert.ok(error instanceof WebSearchError);
      assert.equal(error.userMessage, '搜索服务返回错误（HTTP 403）');
      assert.match(error.message, /search\.formats/);
      return true;
    });
  });

  it('an answer without a results list is not understood', async () => {
    fake.reply({ status: 200, json: { query: 'x' } }, { status: 200, json: { results: 'none' } });
    for (let i = 0; i < 2; i++) {
      await assert.rejects(searchWith(fake, 'searxng').search.search('量子', { signal: signal() }), { name: 'WebSearchError', kind: 'badResponse', userMessage: '搜索服务返回的数据无法解析' });
    }
  });
});
