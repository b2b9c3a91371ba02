import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { AppError } from '../../http/envelope.js';
import { SPEECH_CODES } from './codes.js';
import os from 'node:os';
import { LocalSynthesizer, localWorkerCount } from './localSynthesizer.js';
import { scanMp3 } from './mp3Frames.js';
import type { SynthesisRequest } from './synthesizer.js';
import { silentLog } from '../../log.js';

const request = (input: string, change: Partial<SynthesisRequest> = {}): SynthesisRequest => ({ model: 'tts-1', input, voice: 'onyx', speed: 1, ...change });

/** The frames must be a clean MPEG-2 Layer III mono stream at eSpeak NG's 22 050 Hz and 48 kbps; its length in seconds. */
function assertSpeechMp3(mp3: Buffer): number {
  // The first header read by hand: 11 sync bits, version bits 10 (MPEG-2), layer bits 01 (Layer III).
  assert.equal(mp3[0], 0xff);
  assert.equal(mp3[1]! >> 5, 0b111, 'frame sync');
  assert.equal((mp3[1]! >> 3) & 0b11, 0b10, 'MPEG version 2');
  assert.equal((mp3[1]! >> 1) & 0b11, 0b01, 'Layer III');
  const scan = scanMp3(mp3);
  assert.ok(scan.frames.length > 0);
  assert.equal(scan.trailingBytes, 0, 'nothing after the last frame');
  for (const frame of scan.frames) {
    assert.deepEqual([frame.version, frame.sampleRate, frame.channels, frame.bitrateKbps], ['MPEG-2', 22050, 1, 48]);
  }
  // Constant bitrate: the bytes are the duration at 48 kbps.
  assert.ok(Math.abs(mp3.length - (scan.durationSeconds * 48_000) / 8) < 200, `${mp3.length} bytes for ${scan.durationSeconds} s`);
  return scan.durationSeconds;
}

describe('local synthesizer (eSpeak NG → MP3)', () => {
  const synthesizer = new LocalSynthesizer({ log: silentLog, perUserLimit: 10 });
  after(() => synthesizer.close());

  it('speaks English as MP3 of a plausible length, longer text longer', async () => {
    const short = assertSpeechMp3(await synthesizer.synthesize(request('Hello world.')));
    assert.ok(short > 0.4 && short < 3, `Hello world lasts ${short} s`);
    const long = assertSpeechMp3(await synthesizer.synthesize(request('Hello world. The quick brown fox jumps over the lazy dog, and then it runs far away into the forest.')));
    assert.ok(long > short * 3, `${long} s against ${short} s`);
  });

  it('speaks Chinese with the Mandarin voice: about a syllable per character', async () => {
    const text = '人工智能是计算机科学的一个分支，它研究如何让机器像人一样思考和学习。';
    const seconds = assertSpeechMp3(await synthesizer.synthesize(request(text)));
    const characters = text.match(/\p{Script=Han}/gu)!.length;
    assert.ok(seconds > characters * 0.15 && seconds < characters * 0.6, `${characters} characters last ${seconds} s`);
  });

  it('a higher speed is shorter, and the voice changes the sound', async () => {
    const text = '今天天气很好，我们一起去公园散步吧。';
    const normal = await synthesizer.synthesize(request(text, { speed: 1 }));
    const fast = await synthesizer.synthesize(request(text, { speed: 2 }));
    assert.ok(assertSpeechMp3(fast) < assertSpeechMp3(normal) * 0.75);
    const female = await synthesizer.synthesize(request(text, { voice: 'nova' }));
    assertSpeechMp3(female);
    assert.notDeepEqual(female, normal);
  });

  it('runs concurrent requests one after another and answers each its own audio', async () => {
    const texts = ['one', 'one two three four five six seven eight nine ten', '一二三'];
    const results = await Promise.all(texts.map((text) => synthesizer.synthesize(request(text))));
    const seconds = results.map(assertSpeechMp3);
    assert.ok(seconds[1]! > seconds[0]! * 3);
  });

  it('refuses requests beyond the queue limit with synthesisFailed, and all after close', async () => {
    const small = new LocalSynthesizer({ log: silentLog, queueLimit: 1, workers: 1, perUserLimit: 10 });
    const first = small.synthesize(request('first'));
    const second = small.synthesize(request('second'));
    await assert.rejects(small.synthesize(request('third')), (error: unknown) => error instanceof AppError && error.code === SPEECH_CODES.synthesisFailed && error.message === '朗读请求过多，请稍后再试');
    assertSpeechMp3(await first);
    assertSpeechMp3(await second);
    await small.close();
    await assert.rejects(small.synthesize(request('late')), (error: unknown) => error instanceof AppError && error.code === SPEECH_CODES.synthesisFailed);
  });

  it('is fair: one user cannot fill the queue, and another user’s request is served between theirs', async () => {
    const one = new LocalSynthesizer({ log: silentLog, workers: 1, perUserLimit: 4, queueLimit: 16 });
    try {
      const done: string[] = [];
      const heavy = Array.from({ length: 4 }, (_, i) => one.synthesize(request(`heavy ${i} one two three`), { owner: 'heavy', ticket: `heavy-000${i}` }).then(() => done.push(`h${i}`)));
      // the per-user limit: a fifth request of the same user is refused, while another user is queued
      await assert.rejects(one.synthesize(request('heavy again'), { owner: 'heavy' }), (error: unknown) => error instanceof AppError && /已有 4 条朗读/.test(error.message));
      const light = one.synthesize(request('light one'), { owner: 'light', ticket: 'light-0001' }).then(() => done.push('l0'));
      assert.deepEqual(one.status({ owner: 'heavy', ticket: 'heavy-0000' }), { state: 'running' });
      assert.deepEqual(one.status({ owner: 'light', ticket: 'light-0001' }), { state: 'waiting', ahead: 1 });
      assert.deepEqual(one.status({ owner: 'heavy', ticket: 'heavy-0003' }), { state: 'waiting', ahead: 3 });
      // another user's ticket is not found
      assert.deepEqual(one.status({ owner: 'light', ticket: 'heavy-0003' }), { state: 'unknown' });
      await Promise.all([...heavy, light]);
      assert.deepEqual(done, ['h0', 'h1', 'l0', 'h2', 'h3']);
    } finally {
      await one.close();
    }
  });

  it('sizes its workers to the cores: at most cores − 1, at least 1', () => {
    const most = Math.max(1, os.availableParallelism() - 1);
    assert.equal(localWorkerCount(), most);
    assert.equal(localWorkerCount(1), 1);
    assert.equal(localWorkerCount(1000), most);
    assert.equal(new LocalSynthesizer({ log: silentLog }).workerCount, most);
  });
});
