import { Worker } from 'node:worker_threads';
import type { Log } from '../../log.js';
import { speechError } from './codes.js';
import type { EspeakJob, EspeakJobResult } from './espeakWorker.js';
import { espeakSettings } from './espeakVoice.js';
import type { SpeechSynthesizer, SynthesisRequest } from './synthesizer.js';

/** Requests that may wait behind the one being spoken; more are refused rather than queued for minutes. */
export const LOCAL_QUEUE_LIMIT = 16;

// Compiled (production) the worker is plain JS; under tsx (dev, tests) a bootstrap registers the loader first.
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./espeakWorker.bootstrap.mjs', import.meta.url) : new URL('./espeakWorker.js', import.meta.url);
const FAILED_MESSAGE = '语音合成失败，请稍后重试';

interface QueuedJob {
  job: EspeakJob;
  resolve(mp3: Buffer): void;
  reject(error: Error): void;
}

export interface LocalSynthesizerOptions {
  queueLimit?: number;
  log: Log;
}

/**
 * The built-in, offline synthesizer: eSpeak NG (Mandarin or American English) encoded to MP3, in
 * one worker thread started on first use and kept. The engine is not re-entrant and each job
 * runs for seconds, so jobs go one at a time, in order; a worker that dies fails its job and the
 * next job starts a new one.
 */
export class LocalSynthesizer implements SpeechSynthesizer {
  readonly kind = 'local';
  private worker: Worker | null = null;
  private running: QueuedJob | null = null;
  private readonly waiting: QueuedJob[] = [];
  private nextId = 1;
  private closed = false;
  private readonly queueLimit: number;

  constructor(private readonly options: LocalSynthesizerOptions) {
    this.queueLimit = options.queueLimit ?? LOCAL_QUEUE_LIMIT;
  }

  synthesize(request: SynthesisRequest): Promise<Buffer> {
    if (this.closed) return Promise.reject(speechError('synthesisFailed', FAILED_MESSAGE));
    if (this.waiting.length >= this.queueLimit) return Promise.reject(speechError('synthesisFailed', '朗读请求过多，请稍后再试'));
    const { voice, rate } = espeakSettings(request.input, request.voice, request.speed);
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ job: { id: this.nextId++, text: request.input, voice, rate }, resolve, reject });
      this.startNext();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.waiting.splice(0)) queued.reject(speechError('synthesisFailed', FAILED_MESSAGE));
    const worker = this.worker;
    this.worker = null;
    const running = this.running;
    this.running = null;
    this.fail(running, 'the server is shutting down');
    if (worker) await worker.terminate();
  }

  private startNext(): void {
    if (this.running || this.closed) return;
    const next = this.waiting.shift();
    if (!next) {
      // An idle worker must not keep the process alive.
      this.worker?.unref();
      return;
    }
    this.running = next;
    const worker = this.ensureWorker();
    worker.ref();
    worker.postMessage(next.job);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_ENTRY);
    worker.on('message', (result: EspeakJobResult) => this.finish(result));
    worker.on('error', (error) => this.workerGone(worker, `worker error: ${error.message}`));
    worker.on('exit', (code) => this.workerGone(worker, `worker exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private finish(result: EspeakJobResult): void {
    const job = this.running;
    if (!job || job.job.id !== result.id) return;
    this.running = null;
    if (result.ok) job.resolve(Buffer.from(result.mp3.buffer, result.mp3.byteOffset, result.mp3.byteLength));
    else this.fail(job, result.error);
    this.startNext();
  }

  private workerGone(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.running;
    this.running = null;
    this.fail(job, reason);
    this.startNext();
  }

  private fail(job: QueuedJob | null, reason: string): void {
    if (!job) return;
    this.options.log.error({ voice: job.job.voice, chars: job.job.text.length }, `[speech] local synthesis failed: ${reason}`);
    job.reject(speechError('synthesisFailed', FAILED_MESSAGE));
  }
}
