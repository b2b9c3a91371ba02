import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { espeakSettings, languageOf, rateOf } from './espeakVoice.js';

describe('eSpeak NG settings', () => {
  it('speaks Chinese with the Mandarin voice and text without Han characters with American English', () => {
    assert.equal(languageOf('你好，世界'), 'cmn');
    assert.equal(languageOf('Hello, world'), 'en-us');
    assert.equal(languageOf('12345'), 'en-us');
  });

  it('chooses by majority in mixed text: Han characters against Latin words, Mandarin on a tie', () => {
    assert.equal(languageOf('我喜欢用 Python 写代码'), 'cmn');
    assert.equal(languageOf('The word 你好 means hello in Chinese'), 'en-us');
    assert.equal(languageOf('好 ok'), 'cmn');
  });

  it('maps speed to words per minute around 175 and keeps eSpeak NG’s bounds', () => {
    assert.equal(rateOf(1), 175);
    assert.equal(rateOf(1.5), 263);
    assert.equal(rateOf(0.25), 80);
    assert.equal(rateOf(4), 450);
  });

  it('gives each OpenAI voice a variant of a like kind, alloy the plain voice', () => {
    assert.deepEqual(espeakSettings('你好', 'onyx', 1), { voice: 'cmn+m1', rate: 175 });
    assert.deepEqual(espeakSettings('hello', 'nova', 2), { voice: 'en-us+f3', rate: 350 });
    assert.deepEqual(espeakSettings('hello', 'alloy', 1), { voice: 'en-us', rate: 175 });
    const variants = (['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const).map((voice) => espeakSettings('你好', voice, 1).voice);
    assert.equal(new Set(variants).size, 6);
  });
});
