import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordingLog } from '../../testing/log.js';
import { createTestApp } from '../../testing/testApp.js';
import { createWebSearchModule } from './index.js';
import { ANSWER_OF } from './testing/answers.js';
import { fakeSearchServerForSuite } from './testing/fakeSearchServer.js';
import { signal } from './testing/searchWith.js';

const settings = { results: 8, timeoutSeconds: 2 };

describe('the webSearch module', () => {
  const fake = fakeSearchServerForSuite();

  it('is a service only, asking in the site edition’s language', async () => {
    fake.reply({ status: 200, json: ANSWER_OF.searxng([{ url: 'https://example.com/', title: 'Example', snippet: 'An example.' }]) });
    const module = createWebSearchModule({ config: { webSearch: { provider: 'searxng', baseUrl: fake.baseUrl, apiKey: null, ...settings }, site: { locale: 'en-US' } }, log: recordingLog() });
    assert.equal(module.routes, undefined);
    assert.equal((await module.service.search('example', { signal: signal() })).length, 1);
    assert.equal(fake.requests[0]?.query.get('language'), 'en-US');
  });

  it('warns at startup when Bing points at Microsoft’s retired public API, not at an endpoint of the operator’s', () => {
    const retired = recordingLog();
    createWebSearchModule({ config: { webSearch: { provider: 'bing', baseUrl: 'https://api.bing.microsoft.com', apiKey: 'k', ...settings }, site: { locale: 'zh-CN' } }, log: retired });
    assert.match(retired.messages('warn').join('\n'), /2025-08-11 停用/);
    const own = recordingLog();
    createWebSearchModule({ config: { webSearch: { provider: 'bing', baseUrl: fake.baseUrl, apiKey: 'k', ...settings }, site: { locale: 'zh-CN' } }, log: own });
    assert.deepEqual(own.lines, []);
  });

  it('without SEARCH_PROVIDER the service says it is not configured', () => {
    const module = createWebSearchModule({ config: { webSearch: { provider: null, baseUrl: null, apiKey: null, ...settings }, site: { locale: 'zh-CN' } }, log: recordingLog() });
    assert.deepEqual([module.service.provider, module.service.configured()], [null, false]);
  });

  it('is built by the app from SEARCH_* and exposed as app.webSearch', async () => {
    fake.reply({ status: 200, json: ANSWER_OF.searxng([{ url: 'https://example.cn/a', title: '示例', snippet: '示例摘要' }]) });
    const test = await createTestApp({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: fake.baseUrl, SEARCH_RESULTS: '3' });
    try {
      assert.deepEqual([test.app.webSearch.provider, test.app.webSearch.configured()], ['searxng', true]);
      assert.deepEqual(await test.app.webSearch.search('示例', { signal: signal() }), [{ id: '1', title: '示例', url: 'https://example.cn/a', urlIcon: 'https://example.cn/favicon.ico', abstract: '示例摘要' }]);
      assert.equal(fake.requests.at(-1)?.query.get('language'), 'zh-CN');
    } finally {
      await test.close();
    }
  });
});
