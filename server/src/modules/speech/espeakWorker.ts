/**
 * The worker thread of the local synthesizer (localSynthesizer.ts): eSpeak NG and the MP3 encoder
 * run synchronously for seconds on long text, so they run here, off the server's event loop.
 * Loads the engine once; answers each job with the MP3 bytes or an error message.
 */
import { parentPort } from 'node:worker_threads';
import createEspeakModule from '@echogarden/espeak-ng-emscripten';
import { Mp3Stream } from './mp3Encoder.js';

export interface EspeakJob {
  id: number;
  text: string;
  /** eSpeak NG voice, e.g. `cmn+m1`. */
  voice: string;
  /** Words per minute. */
  rate: number;
  /** eSpeak's base pitch 0–100; unset: the voice's own (a cloned voice's offline demo sets it). */
  pitch?: number;
}

export type EspeakJobResult = { id: number; ok: true; mp3: Uint8Array } | { id: number; ok: false; error: string };

const port = parentPort;
if (!port) throw new Error('espeakWorker.ts runs as a worker thread (see localSynthesizer.ts)');

const engine = createEspeakModule().then((module) => new module.eSpeakNGWorker());

function synthesize(speaker: Awaited<typeof engine>, job: EspeakJob): Buffer {
  if (speaker.set_voice(job.voice) !== 0) throw new Error(`eSpeak NG has no voice ${job.voice}`);
  // Setting a voice resets the rate, so the rate comes after it.
  speaker.set_rate(job.rate);
  if (job.pitch !== undefined) speaker.set_pitch(job.pitch);
  const mp3 = new Mp3Stream(speaker.get_samplerate());
  speaker.synthesize(job.text, (samples) => {
    mp3.write(samples);
    return false;
  });
  return mp3.end();
}

port.on('message', (job: EspeakJob) => {
  engine
    .then((speaker) => {
      // Copied, not transferred: a short Buffer lives in Node's shared allocation pool.
      port.postMessage({ id: job.id, ok: true, mp3: synthesize(speaker, job) } satisfies EspeakJobResult);
    })
    .catch((error: unknown) => {
      port.postMessage({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies EspeakJobResult);
    });
});
