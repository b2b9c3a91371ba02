import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { SpeechCapabilities } from '@qiming/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/envelope.js';
import { ACCOUNT_TEST_ENV, call, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { SPEECH_CODES, SPEECH_LIMITS } from './codes.js';
import { scanMp3 } from './mp3Frames.js';
import { createUpstreamTranscriber } from './transcriber.js';
import { createUpstreamSynthesizer } from './upstreamSynthesizer.js';
import { recordingLog } from '../../testing/log.js';

const DB = process.env.TEST_DATABASE ?? 'sqlite';
const SPEECH_KEY = 'sk-test-speech-key-0123456789';
const TRANSCRIBE_KEY = 'sk-test-transcribe-key-0123456789';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type Handler = (request: Received, response: ServerResponse) => void;

/** An OpenAI-compatible audio service on a local port: records every request and answers with `handler`. */
async function fakeAudioService() {
  const received: Received[] = [];
  let handler: Handler = (_request, response) => response.writeHead(500).end('no reply scripted');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(next: Handler) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Three MPEG-2 Layer III frames (22 050 Hz, 48 kbps, mono) of silence: what a TTS service answers, small. */
function tinyMp3(): Buffer {
  const frame = Buffer.alloc(156);
  frame.set([0xff, 0xf3, 0x60, 0xc4]);
  return Buffer.concat([frame, frame, frame]);
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----qm-test-boundary-7d3f';
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const head = 'filename' in part ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}` : `Content-Disposition: form-data; name="${part.name}"`;
    pieces.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), 'filename' in part ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const recording = (data: Buffer, name = 'audio', filename = 'recording.webm') => multipart([{ name, filename, type: 'audio/webm;codecs=opus', data }]);

async function userToken(server: FastifyInstance): Promise<string> {
  return (await register(server, { phone: uniquePhone() })).accessToken;
}

describe(`speech routes, built-in synthesizer, no transcription service (${DB})`, () => {
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    token = await userToken(t.app.server);
  });
  after(() => t.close());
  const server = () => t.app.server;
  const speak = (payload: unknown, withToken = true) => call(server(), 'POST', 'backend-api/generateSpeech', { payload, token: withToken ? token : undefined });

  it('getSpeechCapabilities needs no login and says local speech, no transcription', async () => {
    assert.deepEqual(await data<SpeechCapabilities>(server(), 'GET', 'backend-api/getSpeechCapabilities'), { speech: 'local', transcription: false });
  });

  it('generateSpeech answers MP3 bytes with content-length and no-store; Markdown is not read out', async () => {
    const response = await speak({ model: 'tts-1', input: '# 你好\n\n**世界**，`今天`天气很好。', voice: 'onyx', response_format: 'mp3', speed: 1 });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'audio/mpeg');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(Number(response.headers['content-length']), response.rawPayload.length);
    const scan = scanMp3(response.rawPayload);
    assert.equal(scan.trailingBytes, 0);
    assert.ok(scan.durationSeconds > 1 && scan.durationSeconds < 10, `${scan.durationSeconds} s`);
  });

  it('getSpeechQueue answers the place of the caller’s own ticket: running, then unknown once done; another user finds nothing', async () => {
    const other = await userToken(server());
    const pending = speak({ input: '这是一段需要排队朗读的文字，用来查看位置。'.repeat(4), ticket: 'queue-test-0001' });
    const status = async (tokenOf: string) => data<{ state: string; ahead?: number }>(server(), 'GET', 'backend-api/getSpeechQueue?ticket=queue-test-0001', { token: tokenOf });
    let seen = await status(token);
    for (let i = 0; i < 100 && seen.state === 'unknown'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen = await status(token);
    }
    assert.match(seen.state, /^(running|waiting)$/);
    assert.deepEqual(await status(other), { state: 'unknown' });
    assert.equal((await pending).statusCode, 200);
    assert.deepEqual(await status(token), { state: 'unknown' });
    const bad = await envelope(server(), 'GET', 'backend-api/getSpeechQueue?ticket=x', { token });
    assert.equal(bad.code, 400);
  });

  it('takes the spec defaults for missing fields (tts-1, onyx, speed 1)', async () => {
    const response = await speak({ input: 'Hello there.' });
    assert.equal(response.statusCode, 200);
    assert.ok(scanMp3(response.rawPayload).durationSeconds > 0.3);
  });

  it('refuses empty input, markup only and more than 4000 characters with the speech codes', async () => {
    for (const payload of [{ input: '   \n ' }, {}, { input: '***\n\n---' }]) {
      const answer = (await speak(payload)).json();
      assert.deepEqual(answer, { code: SPEECH_CODES.inputEmpty, data: null, msg: '没有可朗读的内容' }, JSON.stringify(payload));
    }
    const tooLong = await speak({ input: '好'.repeat(SPEECH_LIMITS.inputMax + 1) });
    assert.equal(tooLong.statusCode, 200);
    assert.deepEqual(tooLong.json(), { code: SPEECH_CODES.inputTooLong, data: null, msg: '朗读内容不能超过4000字' });
  });

  it('refuses an unknown voice or model, another format and a speed out of range (400, Chinese)', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ input: '你好', voice: 'robot' }, /音色只能是 alloy、echo、fable、onyx、nova、shimmer/],
      [{ input: '你好', model: 'tts-9' }, /朗读模型只能是 tts-1、tts-1-hd/],
      [{ input: '你好', response_format: 'wav' }, /音频格式只支持 mp3/],
      [{ input: '你好', speed: 5 }, /语速不能大于 4/],
      [{ input: '你好', speed: '1' }, /语速必须是数字/],
      [{ input: 42 }, /朗读内容必须是文字/],
    ];
    for (const [payload, message] of cases) {
      const answer = await envelope(server(), 'POST', 'backend-api/generateSpeech', { payload, token });
      assert.equal(answer.code, 400, JSON.stringify(payload));
      assert.match(answer.msg, message);
    }
  });

  it('needs login for generateSpeech and getTranscribeAudio (HTTP 401)', async () => {
    const spoken = await speak({ input: '你好' }, false);
    assert.equal(spoken.statusCode, 401);
    assert.equal(spoken.json().code, 401);
    const heard = await call(server(), 'POST', 'backend-api/getTranscribeAudio', recording(Buffer.from('webm')));
    assert.equal(heard.statusCode, 401);
  });

  it('a malformed JSON body is a 400 envelope, not a 500', async () => {
    const response = await call(server(), 'POST', 'backend-api/generateSpeech', { token, payload: '{"input": "你好",', headers: { 'content-type': 'application/json' } });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { code: 400, data: null, msg: '请求体不是合法的 JSON' });
  });

  it('voice input without a transcription service is refused with its code, never a made-up text', async () => {
    const answer = await envelope(server(), 'POST', 'backend-api/getTranscribeAudio', { token, ...recording(Buffer.from('some audio bytes')) });
    assert.deepEqual(answer, { code: SPEECH_CODES.transcriptionUnavailable, data: null, msg: '语音输入需要配置语音识别服务（TRANSCRIBE_API_BASE_URL）' });
  });
});

describe(`speech routes, upstream services (${DB})`, () => {
  let t: TestApp;
  let token: string;
  let fake: Awaited<ReturnType<typeof fakeAudioService>>;
  before(async () => {
    fake = await fakeAudioService();
    t = await createTestApp({
      ...ACCOUNT_TEST_ENV,
      // A base ending in /v1 names the same service.
      SPEECH_API_BASE_URL: `${fake.baseUrl}/v1/`,
      SPEECH_API_KEY: SPEECH_KEY,
      SPEECH_MODEL_MAP: '{"tts-1-hd":"cosyvoice-hd"}',
      TRANSCRIBE_API_BASE_URL: fake.baseUrl,
      TRANSCRIBE_API_KEY: TRANSCRIBE_KEY,
      TRANSCRIBE_MODEL: 'whisper-large-v3',
    });
    token = await userToken(t.app.server);
  });
  after(async () => {
    await t.close();
    await fake.close();
  });
  const server = () => t.app.server;
  const lastReceived = () => fake.received.at(-1)!;

  it('getSpeechCapabilities says upstream speech and transcription', async () => {
    assert.deepEqual(await data<SpeechCapabilities>(server(), 'GET', 'backend-api/getSpeechCapabilities'), { speech: 'upstream', transcription: true });
  });

  it('generateSpeech posts the fields to {base}/v1/audio/speech with the key and answers the service’s MP3', async () => {
    const mp3 = tinyMp3();
    fake.answer((_request, response) => response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3));
    const response = await call(server(), 'POST', 'backend-api/generateSpeech', { token, payload: { model: 'tts-1-hd', input: '## 你好\n**世界**', voice: 'nova', response_format: 'mp3', speed: 1.25 } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'audio/mpeg');
    assert.deepEqual(response.rawPayload, mp3);
    const sent = lastReceived();
    assert.equal(sent.method, 'POST');
    assert.equal(sent.path, '/v1/audio/speech');
    assert.equal(sent.headers.authorization, `Bearer ${SPEECH_KEY}`);
    assert.match(sent.headers['content-type'] ?? '', /^application\/json/);
    assert.deepEqual(JSON.parse(sent.body.toString('utf8')), { model: 'cosyvoice-hd', input: '你好\n世界', voice: 'nova', response_format: 'mp3', speed: 1.25 });

    await call(server(), 'POST', 'backend-api/generateSpeech', { token, payload: { input: 'hi' } });
    assert.deepEqual(JSON.parse(lastReceived().body.toString('utf8')), { model: 'tts-1', input: 'hi', voice: 'onyx', response_format: 'mp3', speed: 1 });
  });

  it('an upstream error is synthesisFailed with a Chinese message that repeats nothing of the service', async () => {
    fake.answer((_request, response) => response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${SPEECH_KEY}` } })));
    const answer = await envelope(server(), 'POST', 'backend-api/generateSpeech', { token, payload: { input: '你好' } });
    assert.deepEqual(answer, { code: SPEECH_CODES.synthesisFailed, data: null, msg: '语音合成服务出错（HTTP 401），请稍后重试' });

    fake.answer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}'));
    const notAudio = await envelope(server(), 'POST', 'backend-api/generateSpeech', { token, payload: { input: '你好' } });
    assert.deepEqual(notAudio, { code: SPEECH_CODES.synthesisFailed, data: null, msg: '语音合成服务返回的不是 MP3 音频，请检查服务配置' });
  });

  it('getTranscribeAudio posts the recording as multipart to {base}/v1/audio/transcriptions and answers the text', async () => {
    fake.answer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: ' 今天天气怎么样？ ' })));
    const audio = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6, 7, 8]);
    const answer = await envelope(server(), 'POST', 'backend-api/getTranscribeAudio', { token, ...multipart([{ name: 'lang', value: 'zh' }, { name: 'audio', filename: 'blob', type: 'audio/webm;codecs=opus', data: audio }]) });
    assert.deepEqual(answer, { code: 0, data: '今天天气怎么样？', msg: '' });

    const sent = lastReceived();
    assert.equal(sent.path, '/v1/audio/transcriptions');
    assert.equal(sent.headers.authorization, `Bearer ${TRANSCRIBE_KEY}`);
    const form = await new Response(sent.body, { headers: { 'content-type': sent.headers['content-type']! } }).formData();
    assert.equal(form.get('model'), 'whisper-large-v3');
    assert.equal(form.get('response_format'), 'json');
    const file = form.get('file') as File;
    assert.equal(file.name, 'audio.webm', 'the extension from the MIME type when the name has none');
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), audio);
  });

  it('transcription failures are transcriptionFailed: an error status, no text, an answer without text', async () => {
    const cases: Array<[Handler, string]> = [
      [(_q, r) => r.writeHead(503).end('overloaded'), '语音识别服务出错（HTTP 503），请稍后重试'],
      [(_q, r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"   "}'), '没有识别出说话内容，请靠近麦克风再试一次'],
      [(_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('hello'), '语音识别服务返回了无法识别的结果，请检查服务配置'],
    ];
    for (const [handler, message] of cases) {
      fake.answer(handler);
      const answer = await envelope(server(), 'POST', 'backend-api/getTranscribeAudio', { token, ...recording(Buffer.from('audio')) });
      assert.deepEqual(answer, { code: SPEECH_CODES.transcriptionFailed, data: null, msg: message });
    }
  });

  it('no audio: a JSON body, a form without a file, a file under another name, an empty file', async () => {
    const count = fake.received.length;
    const bodies = [
      { payload: { audio: 'base64' } },
      multipart([{ name: 'audio', value: 'not a file' }]),
      recording(Buffer.from('audio'), 'file'),
      recording(Buffer.alloc(0)),
    ];
    for (const body of bodies) {
      const answer = await envelope(server(), 'POST', 'backend-api/getTranscribeAudio', { token, ...body });
      assert.deepEqual(answer, { code: SPEECH_CODES.audioMissing, data: null, msg: '没有录制到音频数据' });
    }
    assert.equal(fake.received.length, count, 'nothing was sent to the service');
  });

  it('a malformed upload (no boundary, cut off) is refused with audioMissing, not a 500', async () => {
    const cut = '--xyz\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\nabcdef';
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=xyz', 'garbage'],
      ['multipart/form-data; boundary=xyz', cut],
    ];
    for (const [contentType, payload] of bodies) {
      const answer = await envelope(server(), 'POST', 'backend-api/getTranscribeAudio', { token, payload, headers: { 'content-type': contentType } });
      assert.deepEqual(answer, { code: SPEECH_CODES.audioMissing, data: null, msg: '音频上传不完整或格式不正确，请重新录音' }, payload);
    }
  });

  it('a recording over 25 MB is audioTooLarge and never reaches the service', async () => {
    const count = fake.received.length;
    const answer = await envelope(server(), 'POST', 'backend-api/getTranscribeAudio', { token, ...recording(Buffer.alloc(SPEECH_LIMITS.audioMaxBytes + 1, 7)) });
    assert.deepEqual(answer, { code: SPEECH_CODES.audioTooLarge, data: null, msg: '音频文件过大，请缩短录音时间' });
    assert.equal(fake.received.length, count);
  });
});

describe('upstream audio services: timeouts and connection failures', () => {
  let fake: Awaited<ReturnType<typeof fakeAudioService>>;
  const log = recordingLog();
  const warnings = () => log.messages('warn');
  before(async () => {
    fake = await fakeAudioService();
  });
  after(() => fake.close());
  const isFailure = (code: number, message: string) => (error: unknown) => error instanceof AppError && error.code === code && error.message === message;

  it('a service that does not answer in time', async () => {
    fake.answer(() => undefined);
    const synthesizer = createUpstreamSynthesizer({ upstream: { baseUrl: fake.baseUrl, apiKey: SPEECH_KEY, modelMap: {} }, timeoutMs: 200, log });
    await assert.rejects(synthesizer.synthesize({ model: 'tts-1', input: '你好', voice: 'onyx', speed: 1 }), isFailure(SPEECH_CODES.synthesisFailed, '语音合成服务响应超时，请稍后重试'));
    const transcriber = createUpstreamTranscriber({ service: { baseUrl: fake.baseUrl, apiKey: TRANSCRIBE_KEY, model: 'whisper-1' }, timeoutMs: 200, log });
    await assert.rejects(transcriber.transcribe({ bytes: Buffer.from('audio'), filename: 'a.ogg', mimeType: 'audio/ogg' }), isFailure(SPEECH_CODES.transcriptionFailed, '语音识别服务响应超时，请稍后重试'));
  });

  it('an error answer that repeats the key is logged without it', async () => {
    fake.answer((_request, response) => response.writeHead(401).end(`{"error":"Incorrect API key provided: ${SPEECH_KEY}"}`));
    const synthesizer = createUpstreamSynthesizer({ upstream: { baseUrl: fake.baseUrl, apiKey: SPEECH_KEY, modelMap: {} }, log });
    await assert.rejects(synthesizer.synthesize({ model: 'tts-1', input: '你好', voice: 'onyx', speed: 1 }), isFailure(SPEECH_CODES.synthesisFailed, '语音合成服务出错（HTTP 401），请稍后重试'));
    assert.match(warnings().at(-1)!, /HTTP 401: \{"error":"Incorrect API key provided: \[key\]"\}/);
  });

  it('a service that cannot be reached; the key is never logged', async () => {
    const closed = await fakeAudioService();
    await closed.close();
    const synthesizer = createUpstreamSynthesizer({ upstream: { baseUrl: closed.baseUrl, apiKey: SPEECH_KEY, modelMap: {} }, log });
    await assert.rejects(synthesizer.synthesize({ model: 'tts-1', input: '你好', voice: 'onyx', speed: 1 }), isFailure(SPEECH_CODES.synthesisFailed, '无法连接语音合成服务，请稍后重试'));
    assert.ok(warnings().length >= 4);
    assert.ok(warnings().every((line) => !line.includes(SPEECH_KEY) && !line.includes(TRANSCRIBE_KEY)));
  });
});
