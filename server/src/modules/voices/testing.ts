import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeWav, floatToPcm16 } from './audio/decode.js';
import { Mp3Stream } from '../speech/mp3Encoder.js';

export interface VoicedOptions {
  /** Fundamental, Hz. */
  pitchHz?: number;
  seconds?: number;
  /** Syllable-like bursts per second. */
  syllablesPerSecond?: number;
  /** Peak amplitude of the bursts, 0–1. */
  amplitude?: number;
  sampleRate?: number;
  /** Seconds of silence after the speech. */
  trailingSilence?: number;
}

/**
 * A speech-like test signal: bursts (a syllable's rise and fall) of a harmonic tone at a known pitch
 * and rate, so the measured pitch and syllable rate can be checked against what was made.
 */
export function voicedSamples({ pitchHz = 150, seconds = 8, syllablesPerSecond = 4, amplitude = 0.3, sampleRate = 16000, trailingSilence = 0 }: VoicedOptions = {}): Float32Array {
  const voiced = Math.round(seconds * sampleRate);
  const samples = new Float32Array(voiced + Math.round(trailingSilence * sampleRate));
  for (let i = 0; i < voiced; i++) {
    const t = i / sampleRate;
    const phase = (t * syllablesPerSecond) % 1;
    const envelope = phase < 0.6 ? Math.sin((Math.PI * phase) / 0.6) : 0;
    let value = 0;
    for (let harmonic = 1; harmonic <= 8; harmonic++) value += Math.sin(2 * Math.PI * pitchHz * harmonic * t) / harmonic;
    samples[i] = (amplitude / 1.6) * envelope * value;
  }
  return samples;
}

export const voicedWav = (options: VoicedOptions = {}) => encodeWav(voicedSamples(options), options.sampleRate ?? 16000);

export function voicedMp3(options: VoicedOptions = {}): Buffer {
  const rate = options.sampleRate ?? 16000;
  const mp3 = new Mp3Stream(rate, 64);
  mp3.write(floatToPcm16(voicedSamples({ ...options, sampleRate: rate })));
  return mp3.end();
}

/** One request a fake service received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeService {
  baseUrl: string;
  requests: RecordedRequest[];
  /** ok; fail: HTTP 500; hang: never answers (a slow clone). */
  mode: 'ok' | 'fail' | 'hang';
  close(): Promise<void>;
}

async function startFake(handle: (request: RecordedRequest, fake: FakeService) => { status: number; type: string; body: Buffer | string; headers?: Record<string, string> }): Promise<FakeService> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeService = { baseUrl: '', requests: [], mode: 'ok', close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      fake.requests.push(recorded);
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"internal error"}');
        return;
      }
      const answer = handle(recorded, fake);
      res.writeHead(answer.status, { 'content-type': answer.type, ...(answer.headers ?? {}) }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** An ElevenLabs-style voices API on 127.0.0.1: voices/add, text-to-speech (MP3), delete. */
export function startFakeElevenLabs(key: string): Promise<FakeService & { voices: Set<string> }> {
  const voices = new Set<string>();
  let next = 1;
  return startFake((request) => {
    if (request.headers['xi-api-key'] !== key) return { status: 401, type: 'application/json', body: '{"detail":"invalid api key"}' };
    if (request.method === 'POST' && request.url === '/v1/voices/add') {
      const id = `ev${next++}`;
      voices.add(id);
      return { status: 200, type: 'application/json', body: JSON.stringify({ voice_id: id, requires_verification: false }) };
    }
    const tts = /^\/v1\/text-to-speech\/([\w-]+)\?output_format=mp3_44100_128$/.exec(request.url);
    if (request.method === 'POST' && tts) {
      if (!voices.has(tts[1]!)) return { status: 404, type: 'application/json', body: '{"detail":"voice not found"}' };
      return { status: 200, type: 'audio/mpeg', body: voicedMp3({ seconds: 1, pitchHz: 200 }) };
    }
    const del = /^\/v1\/voices\/([\w-]+)$/.exec(request.url);
    if (request.method === 'DELETE' && del) {
      const existed = voices.delete(del[1]!);
      return existed ? { status: 200, type: 'application/json', body: '{"status":"ok"}' } : { status: 404, type: 'application/json', body: '{"detail":"not found"}' };
    }
    return { status: 404, type: 'application/json', body: '{"detail":"Not Found"}' };
  }).then((fake) => Object.assign(fake, { voices }));
}

/** A CosyVoice FastAPI server on 127.0.0.1: POST /inference_zero_shot → raw 16-bit PCM at 22 050 Hz. */
export function startFakeCosyVoice(): Promise<FakeService> {
  return startFake((request) => {
    if (request.method !== 'POST' || request.url !== '/inference_zero_shot') return { status: 404, type: 'application/json', body: '{"detail":"Not Found"}' };
    const form = request.body.toString('latin1');
    for (const field of ['tts_text', 'prompt_text', 'prompt_wav']) {
      if (!form.includes(`name="${field}"`)) return { status: 422, type: 'application/json', body: `{"detail":"field required: ${field}"}` };
    }
    const pcm = Buffer.from(floatToPcm16(voicedSamples({ seconds: 1, pitchHz: 180, sampleRate: 22050 })).buffer);
    return { status: 200, type: 'application/octet-stream', body: pcm, headers: { 'x-custom-header-samplerate': '22050' } };
  });
}
