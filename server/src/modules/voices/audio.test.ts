import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { analyse } from './audio/analysis.js';
import { decodeAudio, decodeWav, encodeWav, sniffAudio } from './audio/decode.js';
import { checkSample } from './sampleCheck.js';
import { voicedMp3, voicedSamples, voicedWav } from './testing.js';
import { plainPng } from '../uploads/testFiles.js';

const M4A = fs.readFileSync(new URL('./testdata/voiced-180hz-6s.m4a', import.meta.url));

const refusal = async (bytes: Uint8Array) => {
  try {
    await checkSample(bytes);
  } catch (error) {
    return { code: (error as { code: number }).code, message: (error as Error).message };
  }
  assert.fail('the sample was accepted');
};

describe('voice samples: formats, measurements, checks', () => {
  it('tells WAV, MP3 and M4A by their bytes, not their names, and refuses anything else', () => {
    assert.equal(sniffAudio(voicedWav({ seconds: 1 })), 'wav');
    assert.equal(sniffAudio(voicedMp3({ seconds: 1 })), 'mp3');
    assert.equal(sniffAudio(M4A), 'm4a');
    assert.equal(sniffAudio(plainPng()), null);
    assert.equal(sniffAudio(Buffer.from('RIFF....AVI LIST')), null);
  });

  it('decodes 8/16/24-bit and float WAV alike', () => {
    const pcm = voicedSamples({ seconds: 0.5, sampleRate: 8000 });
    const sixteen = decodeWav(encodeWav(pcm, 8000));
    assert.equal(sixteen.sampleRate, 8000);
    assert.equal(sixteen.samples.length, pcm.length);
    // A 32-bit float stereo file of the same signal reads back as the same mono samples.
    const floatWav = Buffer.alloc(44 + pcm.length * 8);
    floatWav.write('RIFF', 0, 'latin1');
    floatWav.writeUInt32LE(36 + pcm.length * 8, 4);
    floatWav.write('WAVEfmt ', 8, 'latin1');
    floatWav.writeUInt32LE(16, 16);
    floatWav.writeUInt16LE(3, 20);
    floatWav.writeUInt16LE(2, 22);
    floatWav.writeUInt32LE(8000, 24);
    floatWav.writeUInt32LE(8000 * 8, 28);
    floatWav.writeUInt16LE(8, 32);
    floatWav.writeUInt16LE(32, 34);
    floatWav.write('data', 36, 'latin1');
    floatWav.writeUInt32LE(pcm.length * 8, 40);
    pcm.forEach((value, i) => {
      floatWav.writeFloatLE(value, 44 + i * 8);
      floatWav.writeFloatLE(value, 48 + i * 8);
    });
    const float = decodeWav(floatWav);
    assert.equal(float.samples.length, pcm.length);
    for (let i = 0; i < pcm.length; i += 97) assert.ok(Math.abs(float.samples[i]! - pcm[i]!) < 1e-6);
    for (let i = 0; i < pcm.length; i += 97) assert.ok(Math.abs(sixteen.samples[i]! - pcm[i]!) < 1e-4);
  });

  it('measures duration, pitch and syllable rate of a known signal', () => {
    for (const [pitchHz, syllablesPerSecond] of [[110, 3], [220, 5]] as const) {
      const facts = analyse({ samples: voicedSamples({ pitchHz, syllablesPerSecond, seconds: 8, sampleRate: 22050 }), sampleRate: 22050 });
      assert.equal(facts.durationMs, 8000);
      assert.ok(Math.abs(facts.pitchHz! - pitchHz) < pitchHz * 0.02, `pitch ${facts.pitchHz} for ${pitchHz}`);
      assert.ok(Math.abs(facts.syllablesPerSecond - syllablesPerSecond) <= 0.3, `rate ${facts.syllablesPerSecond} for ${syllablesPerSecond}`);
      assert.ok(facts.loudnessDb > -25 && facts.loudnessDb < -5, `loudness ${facts.loudnessDb}`);
    }
  });

  it('accepts a WAV, an MP3 and an M4A with their measured duration and pitch', async () => {
    const wav = await checkSample(voicedWav({ seconds: 7, pitchHz: 140 }));
    assert.deepEqual([wav.format, wav.facts.durationMs], ['wav', 7000]);
    assert.ok(Math.abs(wav.facts.pitchHz! - 140) < 3);
    const mp3 = await checkSample(voicedMp3({ seconds: 12, pitchHz: 200 }));
    assert.equal(mp3.format, 'mp3');
    // An MP3 keeps the encoder's priming and padding: a frame or two more.
    assert.ok(Math.abs(mp3.facts.durationMs - 12000) < 150, `mp3 ${mp3.facts.durationMs} ms`);
    assert.ok(Math.abs(mp3.facts.pitchHz! - 200) < 4);
    const m4a = await checkSample(M4A);
    assert.equal(m4a.format, 'm4a');
    assert.ok(Math.abs(m4a.facts.durationMs - 6000) < 100, `m4a ${m4a.facts.durationMs} ms`);
    assert.ok(Math.abs(m4a.facts.pitchHz! - 180) < 4);
  });

  it('refuses short, long, silent, quiet, mostly silent, renamed and damaged files with the reason', async () => {
    assert.deepEqual(await refusal(voicedWav({ seconds: 3 })), { code: 3001, message: '音频太短：至少需要 5 秒清晰的说话声' });
    assert.deepEqual(await refusal(voicedWav({ seconds: 61, sampleRate: 8000 })), { code: 3001, message: '音频太长：最多 60 秒，请剪短后再上传' });
    assert.deepEqual(await refusal(encodeWav(new Float32Array(16000 * 8), 16000)), { code: 3001, message: '没有检测到声音，请检查麦克风后重新录制' });
    assert.deepEqual(await refusal(voicedWav({ seconds: 8, amplitude: 0.004 })), { code: 3001, message: '声音太小，请靠近麦克风、提高音量后重新录制' });
    assert.deepEqual(await refusal(voicedWav({ seconds: 3, trailingSilence: 7 })), { code: 3001, message: '录音中静音太多，请连续朗读一段文字后重新录制' });
    assert.deepEqual(await refusal(plainPng()), { code: 3001, message: '无法识别的音频格式，请上传 WAV、MP3 或 M4A 文件' });
    const cut = Buffer.from(voicedWav({ seconds: 8 }));
    cut.write('XXXX', 12, 'latin1'); // no fmt chunk any more
    assert.deepEqual(await refusal(cut), { code: 3001, message: '音频文件已损坏或编码不受支持，请重新录制或换一个文件' });
    assert.deepEqual(await refusal(Buffer.concat([M4A.subarray(0, 40), Buffer.alloc(2000)])), { code: 3001, message: '音频文件已损坏或编码不受支持，请重新录制或换一个文件' });
  });

  it('reads an MP3 whatever its sample rate and channels', async () => {
    const pcm = await decodeAudio(voicedMp3({ seconds: 2, sampleRate: 44100 }), 'mp3');
    assert.equal(pcm.sampleRate, 44100);
    assert.ok(Math.abs(pcm.samples.length / 44100 - 2) < 0.1);
  });
});
