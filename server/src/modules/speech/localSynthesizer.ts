import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Log } from '../../log.js';
import { speechError } from './codes.js';
import type { EspeakJob, EspeakJobResult } from './espeakWorker.js';
import { espeakSettings, tunedSettings } from './espeakVoice.js';
import { FairQueue } from './fairQueue.js';
import type { QueueStatus, SpeechCaller, SpeechSynthesizer, SynthesisRequest } from './synthesizer.js';

/** Requests that may wait in all; more are refused rather than queued for minutes. */
export const LOCAL_QUEUE_LIMIT = 16;
/** One user's requests waiting or being spoken at once. */
export const LOCAL_PER_USER_LIMIT = 2;

/** One worker per core but one (the event loop keeps a core), at least one; a configured count is kept in that range. */
export function localWorkerCount(configured?: number): number {
  const most = Math.max(1, os.availableParallelism() - 1);
  return Math.min(most, Math.max(1, configured ?? most));
}

// Compiled (production) the worker is plain JS; under tsx (dev, tests) a bootstrap registers the loader first.
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./espeakWorker.bootstrap.mjs', import.meta.url) : new URL('./espeakWorker.js', import.meta.url);
const FAILED_MESSAGE = '语音合成失败，请稍后重试';

interface QueuedJob {
  job: EspeakJob;
  owner: string;
  ticket: string | undefined;
  resolve(mp3: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker | null;
  running: QueuedJob | null;
}

export interface LocalSynthesizerOptions {
  /** Waiting requests in all (LOCAL_QUEUE_LIMIT). */
  queueLimit?: number;
  /** Requests of one user waiting or running (LOCAL_PER_USER_LIMIT). */
  perUserLimit?: number;
  /** Worker threads (localWorkerCount). */
  workers?: number;
  log: Log;
}

/**
 * The built-in, offline synthesizer: eSpeak NG (Mandarin or American English) encoded to MP3, in
 * worker threads started on first use and kept. The engine is not re-entrant and each job runs
 * for seconds, so each worker speaks one job at a time; waiting jobs are taken round-robin between
 * users (FairQueue), each user with a few at most; a worker that dies fails its job and the next
 * job starts a new one.
 */
export class LocalSynthesizer implements SpeechSynthesizer {
  readonly kind = 'local';
  private readonly slots: Slot[];
  private readonly waiting = new FairQueue<QueuedJob>();
  private nextId = 1;
  private closed = false;
  private readonly queueLimit: number;
  private readonly perUserLimit: number;

  constructor(private readonly options: LocalSynthesizerOptions) {
    this.queueLimit = options.queueLimit ?? LOCAL_QUEUE_LIMIT;
    this.perUserLimit = options.perUserLimit ?? LOCAL_PER_USER_LIMIT;
    this.slots = Array.from({ length: localWorkerCount(options.workers) }, () => ({ worker: null, running: null }));
  }

  get workerCount(): number {
    return this.slots.length;
  }

  synthesize(request: SynthesisRequest, caller: SpeechCaller = { owner: 'anonymous' }): Promise<Buffer> {
    if (this.closed) return Promise.reject(speechError('synthesisFailed', FAILED_MESSAGE));
    const mine = this.waiting.waitingOf(caller.owner) + this.slots.filter((slot) => slot.running?.owner === caller.owner).length;
    if (mine >= this.perUserLimit) return Promise.reject(speechError('synthesisFailed', `你已有 ${mine} 条朗读在生成，请等它们完成后再试`));
    if (this.waiting.size >= this.queueLimit) return Promise.reject(speechError('synthesisFailed', '朗读请求过多，请稍后再试'));
    const settings = request.tuning ? tunedSettings(request.input, request.tuning, request.speed) : espeakSettings(request.input, request.voice, request.speed);
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push(caller.owner, { job: { id: this.nextId++, text: request.input, ...settings }, owner: caller.owner, ticket: caller.ticket, resolve, reject });
      this.startNext();
    });
  }

  status(caller: SpeechCaller): QueueStatus {
    const { owner, ticket } = caller;
    if (!ticket) return { state: 'unknown' };
    if (this.slots.some((slot) => slot.running?.owner === owner && slot.running.ticket === ticket)) return { state: 'running' };
    const ahead = this.waiting.ahead(owner, (queued) => queued.ticket === ticket);
    return ahead === null ? { state: 'unknown' } : { state: 'waiting', ahead };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.waiting.drain()) queued.reject(speechError('synthesisFailed', FAILED_MESSAGE));
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker, running } = slot;
        slot.worker = null;
        slot.running = null;
        this.fail(running, 'the server is shutting down');
        if (worker) await worker.terminate();
      }),
    );
  }

  private startNext(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (slot.running) continue;
      const next = this.waiting.take();
      if (!next) {
        // An idle worker must not keep the process alive.
        slot.worker?.unref();
        continue;
      }
      slot.running = next;
      const worker = this.ensureWorker(slot);
      worker.ref();
      worker.postMessage(next.job);
    }
  }

  private ensureWorker(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = new Worker(WORKER_ENTRY);
    worker.on('message', (result: EspeakJobResult) => this.finish(slot, result));
    worker.on('error', (error) => this.workerGone(slot, worker, `worker error: ${error.message}`));
    worker.on('exit', (code) => this.workerGone(slot, worker, `worker exited with code ${code}`));
    slot.worker = worker;
    return worker;
  }

  private finish(slot: Slot, result: EspeakJobResult): void {
    const job = slot.running;
    if (!job || job.job.id !== result.id) return;
    slot.running = null;
    if (result.ok) job.resolve(Buffer.from(result.mp3.buffer, result.mp3.byteOffset, result.mp3.byteLength));
    else this.fail(job, result.error);
    this.startNext();
  }

  private workerGone(slot: Slot, worker: Worker, reason: string): void {
    if (slot.worker !== worker) return;
    slot.worker = null;
    const job = slot.running;
    slot.running = null;
    this.fail(job, reason);
    this.startNext();
  }

  private fail(job: QueuedJob | null, reason: string): void {
    if (!job) return;
    this.options.log.error({ voice: job.job.voice, chars: job.job.text.length }, `[speech] local synthesis failed: ${reason}`);
    job.reject(speechError('synthesisFailed', FAILED_MESSAGE));
  }
}
