import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { silentLog } from '../../log.js';
import { createSpeechService } from '../speech/index.js';
import { analyse } from './audio/analysis.js';
import { decodeAudio } from './audio/decode.js';
import { tuningFor } from './providers/offline.js';
import { voicedSamples } from './testing.js';

const TEXT = '今天天气很好，我们一起去公园散步吧。春天来了，花儿都开了，小鸟在树上唱歌，孩子们在草地上奔跑。';

describe('the offline demo follows the sample', () => {
  const speech = createSpeechService({ config: { upstream: null, local: { workers: 1, perUser: 4, queue: 16 }, transcription: null }, log: silentLog });
  after(() => speech.close());

  it('speaks near the pitch and the syllable rate measured in the sample', async () => {
    for (const [pitchHz, syllablesPerSecond] of [[95, 3.5], [125, 4.5], [190, 5.5], [260, 4]] as const) {
      const sample = analyse({ samples: voicedSamples({ pitchHz, syllablesPerSecond, seconds: 8 }), sampleRate: 16000 });
      const tuning = tuningFor(sample);
      const mp3 = await speech.speakTuned(TEXT, tuning, 1, { owner: 'tuning-test' });
      const spoken = analyse(await decodeAudio(mp3, 'mp3'));
      assert.ok(spoken.pitchHz !== null && Math.abs(spoken.pitchHz - pitchHz) / pitchHz < 0.15, `sample ${pitchHz} Hz → ${JSON.stringify(tuning)} spoke at ${spoken.pitchHz} Hz`);
      assert.ok(Math.abs(spoken.syllablesPerSecond - syllablesPerSecond) / syllablesPerSecond < 0.25, `sample ${syllablesPerSecond}/s → rate ${tuning.rate} spoke ${spoken.syllablesPerSecond}/s`);
    }
  });

  it('keeps eSpeak’s neutral voice when the sample gave no pitch', () => {
    assert.deepEqual(tuningFor({ pitchHz: null, syllablesPerSecond: 0 }), { variant: 'm1', pitch: 50, rate: 175 });
    assert.equal(tuningFor({ pitchHz: 40, syllablesPerSecond: 4.3 }).pitch, 0);
    assert.equal(tuningFor({ pitchHz: 600, syllablesPerSecond: 4.3 }).pitch, 100);
  });
});
