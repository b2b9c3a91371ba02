import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { VoiceClone, VoiceCloneCapabilities, VoiceSample } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, data, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches } from '../../testing/points.js';
import { startFakeS3, type FakeS3 } from '../../testing/fakeS3.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { createTestStorage } from '../../testing/testDatabase.js';
import { looksLikeMp3 } from '../speech/mp3Frames.js';
import { multipart, plainPng } from '../uploads/testFiles.js';
import { startFakeCosyVoice, startFakeElevenLabs, voicedMp3, voicedWav, type FakeService } from './testing.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const ENV = { ...ACCOUNT_TEST_ENV, SPEECH_LOCAL_PER_USER: '4' };
const ELEVEN_KEY = 'test-eleven-key-123';

type User = { id: string; token: string };

/** The calls of the page, for one app. */
function client(t: TestApp) {
  const server = () => t.app.server;
  const upload = async (user: User, bytes: Buffer, filename = 'sample.wav') => {
    const { payload, headers } = multipart([{ name: 'file', value: bytes, filename, contentType: 'audio/wav' }]);
    const response = await call(server(), 'POST', 'tts/uploadWav', { token: user.token, payload, headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ code: number; data: VoiceSample; msg: string }>();
  };
  const clone = (user: User, body: Record<string, unknown>) => envelope<VoiceClone>(server(), 'POST', 'tts/clone', { token: user.token, payload: body });
  const finished = async (user: User, id: string): Promise<VoiceClone> => {
    for (let i = 0; i < 500; i++) {
      const voice = await data<VoiceClone>(server(), 'GET', `tts/voice?id=${id}`, { token: user.token });
      if (voice.status === 'succeeded' || voice.status === 'failed') return voice;
      await sleep(20);
    }
    throw new Error(`clone ${id} did not finish`);
  };
  const audio = async (user: User, path: string, payload: unknown) => {
    const response = await call(server(), 'POST', path, { token: user.token, payload });
    assert.equal(response.statusCode, 200);
    return response;
  };
  const spendable = async (userId: string) => {
    const balance = await t.app.points.balance(userId);
    return balance.restIntegral + balance.restIntegral2;
  };
  return { server, upload, clone, finished, audio, spendable };
}

describe(`voice cloning, offline demo (${DB})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  let alice: User;
  let bob: User;
  before(async () => {
    t = await createTestApp(ENV);
    c = client(t);
    alice = await registeredUser(t.app.server);
    bob = await registeredUser(t.app.server);
  });
  after(() => t.close());

  it('says what it offers to visitors: the offline demo, free, with the consent text', async () => {
    const caps = await data<VoiceCloneCapabilities>(c.server(), 'GET', 'tts/capabilities');
    assert.deepEqual([caps.provider, caps.offlineDemo, caps.needsTranscript, caps.points], ['offline', true, false, 0]);
    assert.match(caps.consentText, /本人的声音/);
    assert.equal((await call(c.server(), 'GET', 'tts/voices')).statusCode, 401);
  });

  it('accepts a WAV and an MP3 with their measurements, and refuses too large and renamed files', async () => {
    const wav = await c.upload(alice, voicedWav({ seconds: 9, pitchHz: 120 }));
    assert.equal(wav.code, 0, wav.msg);
    assert.deepEqual([wav.data.format, wav.data.durationMs, wav.data.inUse], ['wav', 9000, false]);
    assert.ok(Math.abs(wav.data.pitchHz! - 120) < 3);
    const mp3 = await c.upload(alice, voicedMp3({ seconds: 6, pitchHz: 210 }), 'sample.wav');
    assert.equal(mp3.code, 0, mp3.msg);
    assert.equal(mp3.data.format, 'mp3');
    assert.ok(Math.abs(mp3.data.durationMs - 6000) < 150);

    const renamed = await c.upload(alice, plainPng(), 'voice.wav');
    assert.deepEqual([renamed.code, renamed.msg], [3001, '无法识别的音频格式，请上传 WAV、MP3 或 M4A 文件']);
    const huge = await c.upload(alice, Buffer.concat([voicedWav({ seconds: 1 }), Buffer.alloc(10 * 1024 * 1024)]));
    assert.deepEqual([huge.code, huge.msg], [3001, '音频文件不能超过 10MB']);
    const short = await c.upload(alice, voicedWav({ seconds: 2 }));
    assert.deepEqual([short.code, short.msg], [3001, '音频太短：至少需要 5 秒清晰的说话声']);

    const samples = await data<VoiceSample[]>(c.server(), 'GET', 'tts/samples', { token: alice.token });
    assert.deepEqual(samples.map((s) => s.id), [mp3.data.id, wav.data.id]);
    assert.deepEqual(await data(c.server(), 'GET', 'tts/samples', { token: bob.token }), []);
    const own = await c.audio(alice, 'tts/sampleAudio', { id: wav.data.id });
    assert.equal(own.headers['content-type'], 'audio/wav');
    assert.equal((await envelope(c.server(), 'POST', 'tts/sampleAudio', { token: bob.token, payload: { id: wav.data.id } })).code, 3002);

    // A sample nobody uses can go, with its file.
    const key = `voice-samples/${alice.id}/${mp3.data.id}.mp3`;
    assert.ok(await t.app.blobs.read(key));
    assert.equal((await envelope(c.server(), 'POST', 'tts/deleteSample', { token: bob.token, payload: { id: mp3.data.id } })).code, 3002);
    await data(c.server(), 'POST', 'tts/deleteSample', { token: alice.token, payload: { id: mp3.data.id } });
    assert.equal(await t.app.blobs.read(key), null);
  });

  it('clones offline (free, pitch kept), tries it, reads aloud with it for its owner only, and deletes voice and files', async () => {
    const sample = (await c.upload(alice, voicedWav({ seconds: 8, pitchHz: 230 }))).data;
    assert.deepEqual(await c.clone(alice, { name: '我的声音', sampleId: sample.id, consent: false }).then((a) => [a.code, a.msg]), [3005, '请先勾选声音授权声明']);
    assert.equal((await c.clone(alice, { name: '一二三四五六七八九十一二三四五六七八九十一', sampleId: sample.id, consent: true })).msg, '请求参数不正确：name: 音色名称不能超过 20 个字');
    assert.equal((await c.clone(bob, { name: '偷', sampleId: sample.id, consent: true })).code, 3002);
    const before = await c.spendable(alice.id);
    const queued = await c.clone(alice, { name: '我的声音', sampleId: sample.id, consent: true });
    assert.equal(queued.code, 0, queued.msg);
    assert.equal(queued.data.voice, `clone:${queued.data.id}`);
    const voice = await c.finished(alice, queued.data.id);
    assert.equal(voice.status, 'succeeded', voice.error ?? '');
    assert.deepEqual([voice.provider, voice.offlineDemo, voice.points], ['offline', true, 0]);
    assert.equal(await c.spendable(alice.id), before);
    const row = await t.app.voices.repo.voice(voice.id);
    assert.match(row!.consent_text, /本人的声音/);
    assert.equal(row!.consent_at, voice.consentAt);
    assert.deepEqual(JSON.parse(row!.provider_state!).variant, 'f3');
    assert.equal((await envelope(c.server(), 'POST', 'tts/deleteSample', { token: alice.token, payload: { id: sample.id } })).code, 3007);

    const tried = await c.audio(alice, 'tts/try', { voiceId: voice.id, text: '你好，这是我的声音。' });
    assert.equal(tried.headers['content-type'], 'audio/mpeg');
    assert.ok(looksLikeMp3(tried.rawPayload) && tried.rawPayload.length > 2000);
    assert.equal((await envelope(c.server(), 'POST', 'tts/try', { token: alice.token, payload: { voiceId: voice.id, text: '长'.repeat(501) } })).msg, '请求参数不正确：text: 试听文字不能超过 500 个字');
    assert.equal((await envelope(c.server(), 'POST', 'tts/try', { token: bob.token, payload: { voiceId: voice.id, text: '你好' } })).code, 3003);

    // Read-aloud: the owner's setting and generateSpeech take the clone; another user's is refused.
    await data(c.server(), 'POST', 'system/user/updateUserSetting', { token: alice.token, payload: { speechModel: 'tts-1', voice: voice.voice, speed: 1.2 } });
    const spoken = await c.audio(alice, 'backend-api/generateSpeech', { input: '**你好**，世界', voice: voice.voice, speed: 1.2 });
    assert.equal(spoken.headers['content-type'], 'audio/mpeg');
    assert.ok(looksLikeMp3(spoken.rawPayload));
    const refused = await envelope(c.server(), 'POST', 'backend-api/generateSpeech', { token: bob.token, payload: { input: '你好', voice: voice.voice } });
    assert.deepEqual([refused.code, refused.msg], [3003, '音色不存在或已删除']);
    assert.equal((await envelope(c.server(), 'POST', 'backend-api/generateSpeech', { token: alice.token, payload: { input: '你好', voice: 'clone:../x' } })).code, 400);

    assert.equal((await envelope(c.server(), 'POST', 'tts/deleteVoice', { token: bob.token, payload: { id: voice.id } })).code, 3003);
    const sampleKey = `voice-samples/${alice.id}/${sample.id}.wav`;
    assert.ok(await t.app.blobs.read(sampleKey));
    await data(c.server(), 'POST', 'tts/deleteVoice', { token: alice.token, payload: { id: voice.id } });
    assert.equal(await t.app.blobs.read(sampleKey), null);
    assert.equal(await t.app.voices.repo.sample(sample.id), undefined);
    assert.deepEqual(await data(c.server(), 'GET', 'tts/voices', { token: alice.token }), []);
    const settings = await data<{ voice: string }>(c.server(), 'GET', 'system/user/getUserSetting', { token: alice.token });
    assert.equal(settings.voice, 'onyx');
  });
});

describe(`voice cloning through an ElevenLabs-style API (${DB})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  let fake: FakeService & { voices: Set<string> };
  let env: Record<string, string>;
  before(async () => {
    fake = await startFakeElevenLabs(ELEVEN_KEY);
    env = { ...ENV, VOICE_CLONE_PROVIDER: 'elevenlabs', VOICE_CLONE_BASE_URL: fake.baseUrl, VOICE_CLONE_API_KEY_ENV: 'TEST_ELEVEN_KEY', TEST_ELEVEN_KEY: ELEVEN_KEY, INSTANCE_ID: 'voices-a' };
    t = await createTestApp(env);
    c = client(t);
  });
  after(async () => {
    await t.close();
    await fake.close();
  });

  it('holds the clone price, sends the sample, charges on success, speaks and deletes through the provider', async () => {
    const user = await registeredUser(t.app.server);
    assert.equal((await data<VoiceCloneCapabilities>(c.server(), 'GET', 'tts/capabilities')).points, 1000);
    const sample = (await c.upload(user, voicedWav({ seconds: 6 }))).data;
    const before = await c.spendable(user.id);
    const queued = await c.clone(user, { name: '主播', sampleId: sample.id, consent: true });
    assert.equal(queued.code, 0, queued.msg);
    assert.equal(queued.data.points, 1000);
    const voice = await c.finished(user, queued.data.id);
    assert.equal(voice.status, 'succeeded', voice.error ?? '');
    assert.deepEqual([voice.provider, voice.offlineDemo, voice.points], ['elevenlabs', false, 1000]);
    assert.equal(await c.spendable(user.id), before - 1000);
    await assertLedgerMatches(t.app.db.db, user.id);
    const add = fake.requests.find((r) => r.url === '/v1/voices/add')!;
    const form = add.body.toString('latin1');
    assert.match(form, /name="name"\r\n\r\n主播|name="name"/);
    assert.ok(form.includes('name="files"; filename="sample.wav"') && form.includes('RIFF'));
    const providerId = (await t.app.voices.repo.voice(voice.id))!.provider_voice_id!;
    assert.ok(fake.voices.has(providerId));

    const tried = await c.audio(user, 'tts/try', { voiceId: voice.id, text: '欢迎收听' });
    assert.ok(looksLikeMp3(tried.rawPayload));
    const tts = fake.requests.at(-1)!;
    assert.equal(tts.url, `/v1/text-to-speech/${providerId}?output_format=mp3_44100_128`);
    assert.deepEqual(JSON.parse(tts.body.toString()), { text: '欢迎收听', model_id: 'eleven_multilingual_v2', voice_settings: { stability: 0.5, similarity_boost: 0.75, speed: 1 } });
    const read = await c.audio(user, 'backend-api/generateSpeech', { input: '读一下', voice: voice.voice, speed: 4 });
    assert.ok(looksLikeMp3(read.rawPayload));
    assert.equal(JSON.parse(fake.requests.at(-1)!.body.toString()).voice_settings.speed, 1.2);

    await data(c.server(), 'POST', 'tts/deleteVoice', { token: user.token, payload: { id: voice.id } });
    assert.equal(fake.requests.at(-1)!.method, 'DELETE');
    assert.equal(fake.voices.has(providerId), false);
  });

  it('refunds a clone the provider refused, with the reason', async () => {
    const user = await registeredUser(t.app.server);
    const sample = (await c.upload(user, voicedWav({ seconds: 6 }))).data;
    const before = await c.spendable(user.id);
    fake.mode = 'fail';
    try {
      const queued = await c.clone(user, { name: '失败', sampleId: sample.id, consent: true });
      const voice = await c.finished(user, queued.data.id);
      assert.deepEqual([voice.status, voice.error, voice.points], ['failed', '声音复刻服务出错（HTTP 500），请稍后重试', 0]);
      assert.equal(await c.spendable(user.id), before);
      await assertLedgerMatches(t.app.db.db, user.id);
      const refused = await envelope(c.server(), 'POST', 'tts/try', { token: user.token, payload: { voiceId: voice.id, text: '你好' } });
      assert.deepEqual([refused.code, refused.msg], [3004, '该音色复刻失败，无法使用']);
      // A failed voice can be deleted; its sample goes with it.
      await data(c.server(), 'POST', 'tts/deleteVoice', { token: user.token, payload: { id: voice.id } });
      assert.equal(await t.app.voices.repo.sample(sample.id), undefined);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('fails and refunds a clone a crash left running, and keeps queued ones across a restart', async () => {
    // Its own database: the suite's app runs clones and could claim the one this test "crashes".
    const storage = await createTestStorage();
    const first = await createTestApp({ ...env, VOICE_CLONE_WORKERS: '0', INSTANCE_ID: 'voices-b' }, { storage });
    const user = await registeredUser(first.app.server);
    const c1 = client(first);
    const before = await c1.spendable(user.id);
    const crashed = (await c1.clone(user, { name: '崩溃', sampleId: (await c1.upload(user, voicedWav({ seconds: 6 }))).data.id, consent: true })).data;
    const waiting = (await c1.clone(user, { name: '等待', sampleId: (await c1.upload(user, voicedWav({ seconds: 6 }))).data.id, consent: true })).data;
    assert.equal(await c1.spendable(user.id), before - 2000);
    await first.app.db.db.updateTable('voices').set({ status: 'running', claimed_by: 'voices-b', heartbeat_at: new Date().toISOString(), started_at: new Date().toISOString() }).where('id', '=', crashed.id).execute();
    await first.close();

    const second = await createTestApp({ ...env, INSTANCE_ID: 'voices-b' }, { storage });
    try {
      const c2 = client(second);
      const lost = await c2.finished(user, crashed.id);
      assert.deepEqual([lost.status, lost.error, lost.points], ['failed', '服务重启，复刻已中断，积分已退回', 0]);
      const kept = await c2.finished(user, waiting.id);
      assert.equal(kept.status, 'succeeded', kept.error ?? '');
      // Recovery marks a lost clone failed before it refunds (the mark is what makes one instance the
      // one that refunds), so the refund may land a moment after the voice shows failed.
      for (let i = 0; i < 100 && (await c2.spendable(user.id)) !== before - 1000; i++) await sleep(20);
      assert.equal(await c2.spendable(user.id), before - 1000);
      await assertLedgerMatches(second.app.db.db, user.id);
    } finally {
      await second.close();
      await storage.cleanup();
    }
  });
});

describe(`voice cloning through a CosyVoice-style API (${DB})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  let fake: FakeService;
  before(async () => {
    fake = await startFakeCosyVoice();
    t = await createTestApp({ ...ENV, VOICE_CLONE_PROVIDER: 'cosyvoice', VOICE_CLONE_BASE_URL: fake.baseUrl });
    c = client(t);
  });
  after(async () => {
    await t.close();
    await fake.close();
  });

  it('asks for the transcript, sends the reference WAV with every synthesis, and removes it with the voice', async () => {
    const user = await registeredUser(t.app.server);
    assert.equal((await data<VoiceCloneCapabilities>(c.server(), 'GET', 'tts/capabilities')).needsTranscript, true);
    const sample = (await c.upload(user, voicedMp3({ seconds: 7 }), 'a.mp3')).data;
    assert.equal((await c.clone(user, { name: '讲解员', sampleId: sample.id, consent: true })).code, 3009);
    const queued = await c.clone(user, { name: '讲解员', sampleId: sample.id, consent: true, transcript: '春眠不觉晓，处处闻啼鸟。' });
    const voice = await c.finished(user, queued.data.id);
    assert.equal(voice.status, 'succeeded', voice.error ?? '');
    const check = fake.requests[0]!.body.toString('latin1');
    assert.ok(check.includes(Buffer.from('春眠不觉晓，处处闻啼鸟。').toString('latin1')));
    assert.ok(check.includes('filename="prompt.wav"') && check.includes('RIFF'));

    const tried = await c.audio(user, 'tts/try', { voiceId: voice.id, text: '今天学习第一课' });
    assert.ok(looksLikeMp3(tried.rawPayload));
    assert.ok(fake.requests.at(-1)!.body.toString('latin1').includes(Buffer.from('今天学习第一课').toString('latin1')));

    const referenceKey = (await t.app.voices.repo.voice(voice.id))!.reference_key!;
    assert.ok(await t.app.blobs.read(referenceKey));
    await data(c.server(), 'POST', 'tts/deleteVoice', { token: user.token, payload: { id: voice.id } });
    assert.equal(await t.app.blobs.read(referenceKey), null);
  });
});

describe(`voice samples in an S3 bucket (${DB})`, () => {
  let s3: FakeS3;
  let t: TestApp;
  before(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({ ...ENV, ...s3.env });
  });
  after(async () => {
    await t.close();
    await s3.close();
  });

  it('stores a sample in the bucket and deleting it removes the object', async () => {
    const c = client(t);
    const user = await registeredUser(t.app.server);
    const sample = await c.upload(user, voicedWav({ seconds: 6 }));
    assert.equal(sample.code, 0, sample.msg);
    const key = `voice-samples/${user.id}/${sample.data.id}.wav`;
    assert.ok(await t.app.blobs.read(key), 'the sample is in the bucket');
    await data(c.server(), 'POST', 'tts/deleteSample', { token: user.token, payload: { id: sample.data.id } });
    assert.equal(await t.app.blobs.read(key), null);
  });
});
