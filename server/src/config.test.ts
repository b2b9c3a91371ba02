import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SIGN_IV, DEFAULT_SIGN_KEY, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults: published sign key and IV, 300 s window, verification on, in-process shared state', () => {
    const config = loadConfig({});
    assert.equal(config.signKey, DEFAULT_SIGN_KEY);
    assert.equal(config.signIv, DEFAULT_SIGN_IV);
    assert.equal(config.signWindowSeconds, 300);
    assert.equal(config.signRequired, true);
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.redisKeyPrefix, 'qm:');
  });

  it('refuses a sign key or IV that is not 16 ASCII characters', () => {
    assert.throws(() => loadConfig({ SIGN_KEY: 'too-short' }), /SIGN_KEY: 必须正好是 16 个 ASCII 字符.*现在是 9 个字符/);
    assert.throws(() => loadConfig({ SIGN_IV: '0123456789abcdef0' }), /SIGN_IV: 必须正好是 16 个 ASCII 字符/);
    assert.throws(() => loadConfig({ SIGN_KEY: '启明启明启明启明启明启明启明启明' }), /SIGN_KEY: .*非 ASCII/);
    assert.equal(loadConfig({ SIGN_KEY: '0123456789abcdef' }).signKey, '0123456789abcdef');
  });

  it('reads SIGN_REQUIRED as a flag and refuses anything else', () => {
    assert.equal(loadConfig({ SIGN_REQUIRED: 'false' }).signRequired, false);
    assert.equal(loadConfig({ SIGN_REQUIRED: '0' }).signRequired, false);
    assert.equal(loadConfig({ SIGN_REQUIRED: 'true' }).signRequired, true);
    assert.throws(() => loadConfig({ SIGN_REQUIRED: 'no' }), /SIGN_REQUIRED/);
  });

  it('treats an empty REDIS_URL as unset', () => {
    assert.equal(loadConfig({ REDIS_URL: '' }).redisUrl, undefined);
    assert.equal(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'qm-staging:' }).redisKeyPrefix, 'qm-staging:');
  });
});
