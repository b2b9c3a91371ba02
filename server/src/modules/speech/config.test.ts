import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { speechConfigOf } from './config.js';

describe('speech configuration', () => {
  it('is local synthesis and no transcription when nothing is set (empty counts as unset)', () => {
    assert.deepEqual(speechConfigOf({ SPEECH_API_BASE_URL: '', TRANSCRIBE_API_BASE_URL: '' }), { upstream: null, local: { workers: undefined, perUser: 2, queue: 16 }, transcription: null });
  });

  it('reads the services; a base with a trailing /v1 or slash names the same service', () => {
    assert.deepEqual(
      speechConfigOf({ SPEECH_API_BASE_URL: 'https://tts.example.com/v1/', SPEECH_API_KEY: 'k1', SPEECH_MODEL_MAP: '{"tts-1":"cosyvoice-v1"}', TRANSCRIBE_API_BASE_URL: 'http://asr.local:9000/' }),
      {
        upstream: { baseUrl: 'https://tts.example.com', apiKey: 'k1', modelMap: { 'tts-1': 'cosyvoice-v1' } },
        local: { workers: undefined, perUser: 2, queue: 16 },
        transcription: { baseUrl: 'http://asr.local:9000', apiKey: undefined, model: 'whisper-1' },
      },
    );
  });

  it('stops at startup on a bad value, naming the variable', () => {
    assert.throws(() => speechConfigOf({ SPEECH_API_BASE_URL: 'ftp://x' }), /SPEECH_API_BASE_URL: 必须是 http:\/\/ 或 https:\/\/ 开头的地址/);
    assert.throws(() => speechConfigOf({ SPEECH_MODEL_MAP: 'tts-1=x' }), /SPEECH_MODEL_MAP: 不是合法的 JSON/);
    assert.throws(() => speechConfigOf({ SPEECH_MODEL_MAP: '["x"]' }), /SPEECH_MODEL_MAP: 必须是 JSON 对象/);
  });
});
