import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../config.js';
import { webSearchConfigOf } from './config.js';

describe('web search configuration', () => {
  it('is not configured when SEARCH_PROVIDER is unset or empty; the limits keep their defaults', () => {
    const none = { provider: null, baseUrl: null, apiKey: null, results: 8, timeoutSeconds: 10 };
    assert.deepEqual(webSearchConfigOf({}), none);
    assert.deepEqual(webSearchConfigOf({ SEARCH_PROVIDER: '', SEARCH_BASE_URL: '' }), none);
  });

  it('reads each provider with its public API and the key from its default variable', () => {
    assert.deepEqual(webSearchConfigOf({ SEARCH_PROVIDER: 'bing', BING_SEARCH_KEY: 'b-key' }), { provider: 'bing', baseUrl: 'https://api.bing.microsoft.com', apiKey: 'b-key', results: 8, timeoutSeconds: 10 });
    assert.equal(webSearchConfigOf({ SEARCH_PROVIDER: 'tavily', TAVILY_API_KEY: 'tvly-1' }).apiKey, 'tvly-1');
    assert.deepEqual(webSearchConfigOf({ SEARCH_PROVIDER: 'bocha', BOCHA_API_KEY: ' sk-b ', SEARCH_RESULTS: '5', SEARCH_TIMEOUT_SECONDS: '3' }), {
      provider: 'bocha',
      baseUrl: 'https://api.bochaai.com',
      apiKey: 'sk-b',
      results: 5,
      timeoutSeconds: 3,
    });
  });

  it('takes the key from the variable SEARCH_API_KEY_ENV names, and SEARCH_BASE_URL over the public API', () => {
    const config = webSearchConfigOf({ SEARCH_PROVIDER: 'tavily', SEARCH_API_KEY_ENV: 'MY_TAVILY', MY_TAVILY: 'tvly-mine', TAVILY_API_KEY: 'tvly-default', SEARCH_BASE_URL: 'https://proxy.example.com/tavily/' });
    assert.deepEqual([config.apiKey, config.baseUrl], ['tvly-mine', 'https://proxy.example.com/tavily']);
  });

  it('SearXNG needs its instance address and no key, unless a key variable is named', () => {
    assert.deepEqual(webSearchConfigOf({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: 'http://127.0.0.1:8888' }), { provider: 'searxng', baseUrl: 'http://127.0.0.1:8888', apiKey: null, results: 8, timeoutSeconds: 10 });
    assert.throws(() => webSearchConfigOf({ SEARCH_PROVIDER: 'searxng' }), /SEARCH_BASE_URL: 使用 searxng 时必须设置 SearXNG 实例的地址/);
    assert.equal(webSearchConfigOf({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: 'http://s', SEARCH_API_KEY_ENV: 'SEARX_KEY', SEARX_KEY: 'k' }).apiKey, 'k');
    assert.throws(() => webSearchConfigOf({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: 'http://s', SEARCH_API_KEY_ENV: 'SEARX_KEY' }), /环境变量 SEARX_KEY 没有设置或为空/);
  });

  it('stops at startup when the key variable is empty or unset, naming the variable', () => {
    assert.throws(() => webSearchConfigOf({ SEARCH_PROVIDER: 'bing' }), /SEARCH_API_KEY_ENV: 联网搜索（bing）需要密钥，但环境变量 BING_SEARCH_KEY 没有设置或为空/);
    assert.throws(() => webSearchConfigOf({ SEARCH_PROVIDER: 'bocha', BOCHA_API_KEY: '  ' }), /环境变量 BOCHA_API_KEY 没有设置或为空/);
    assert.throws(() => webSearchConfigOf({ SEARCH_PROVIDER: 'tavily', SEARCH_API_KEY_ENV: 'OTHER_KEY', TAVILY_API_KEY: 'tvly' }), /环境变量 OTHER_KEY 没有设置或为空/);
  });

  it('stops at startup on a bad value, naming the variable', () => {
    assert.throws(() => webSearchConfigOf({ SEARCH_PROVIDER: 'google' }), /SEARCH_PROVIDER: 必须是 searxng、bing、tavily、bocha 之一/);
    assert.throws(() => webSearchConfigOf({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: 'ftp://x' }), /SEARCH_BASE_URL: 必须是 http:\/\/ 或 https:\/\/ 开头的地址/);
    assert.throws(() => webSearchConfigOf({ SEARCH_API_KEY_ENV: 'sk-123456' }), /SEARCH_API_KEY_ENV: 必须是环境变量的名字/);
    assert.throws(() => webSearchConfigOf({ SEARCH_RESULTS: '0' }), /SEARCH_RESULTS: 至少 1 条/);
    assert.throws(() => webSearchConfigOf({ SEARCH_RESULTS: '21' }), /SEARCH_RESULTS: 最多 20 条/);
    assert.throws(() => webSearchConfigOf({ SEARCH_RESULTS: 'many' }), /SEARCH_RESULTS: 必须是数字/);
    assert.throws(() => webSearchConfigOf({ SEARCH_TIMEOUT_SECONDS: '0' }), /SEARCH_TIMEOUT_SECONDS: 至少 1 秒/);
  });

  it('is part of the server configuration', () => {
    assert.equal(loadConfig({ SEARCH_PROVIDER: 'bocha', BOCHA_API_KEY: 'sk-b' }).webSearch.provider, 'bocha');
    assert.throws(() => loadConfig({ SEARCH_PROVIDER: 'bocha' }), /^Error: invalid server configuration: SEARCH_API_KEY_ENV/);
  });
});
