import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { voicesConfigOf } from './config.js';

describe('VOICE_CLONE_* configuration', () => {
  it('defaults to the offline demo', () => {
    assert.deepEqual(voicesConfigOf({}), { provider: { kind: 'offline' }, workers: 1, taskTimeoutSeconds: 300 });
  });

  it('reads the key from the variable it names, never from its own value', () => {
    const config = voicesConfigOf({ VOICE_CLONE_PROVIDER: 'elevenlabs', VOICE_CLONE_BASE_URL: 'https://api.example.com/', VOICE_CLONE_API_KEY_ENV: 'MY_KEY', MY_KEY: ' k-1 ' });
    assert.deepEqual(config.provider, { kind: 'elevenlabs', baseUrl: 'https://api.example.com', apiKey: 'k-1', model: 'eleven_multilingual_v2' });
    assert.deepEqual(voicesConfigOf({ VOICE_CLONE_PROVIDER: 'cosyvoice', VOICE_CLONE_BASE_URL: 'http://10.0.0.5:50000', VOICE_CLONE_SAMPLE_RATE: '24000' }).provider, {
      kind: 'cosyvoice',
      baseUrl: 'http://10.0.0.5:50000',
      apiKey: undefined,
      sampleRate: 24000,
    });
  });

  it('stops with the variable and a Chinese reason', () => {
    assert.throws(() => voicesConfigOf({ VOICE_CLONE_PROVIDER: 'azure' }), /VOICE_CLONE_PROVIDER: 只能是 offline、elevenlabs 或 cosyvoice/);
    assert.throws(() => voicesConfigOf({ VOICE_CLONE_PROVIDER: 'elevenlabs' }), /VOICE_CLONE_BASE_URL: 使用 elevenlabs 时必须填写服务地址/);
    assert.throws(() => voicesConfigOf({ VOICE_CLONE_PROVIDER: 'elevenlabs', VOICE_CLONE_BASE_URL: 'https://a.b' }), /VOICE_CLONE_API_KEY_ENV: 使用 elevenlabs 时必须给出存放 API 密钥的环境变量名/);
    assert.throws(() => voicesConfigOf({ VOICE_CLONE_PROVIDER: 'elevenlabs', VOICE_CLONE_BASE_URL: 'https://a.b', VOICE_CLONE_API_KEY_ENV: 'NOPE' }), /环境变量 NOPE 没有设置或为空/);
    assert.throws(() => voicesConfigOf({ VOICE_CLONE_BASE_URL: 'ftp://x' }), /VOICE_CLONE_BASE_URL: 必须是 http:\/\/ 或 https:\/\/ 开头的地址/);
    assert.throws(() => voicesConfigOf({ VOICE_CLONE_SAMPLE_RATE: '23000' }), /VOICE_CLONE_SAMPLE_RATE: 只能是/);
  });
});
