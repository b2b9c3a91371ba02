import { Worker } from 'node:worker_threads';
import { ToolRefusal } from '../toolResult.js';

export type MathJob = { id: number } & ({ kind: 'evaluate'; expression: string } | { kind: 'convert'; value: number; from: string; to: string });
export interface MathJobResult {
  id: number;
  ok: boolean;
  text: string;
  refused?: boolean;
}
type JobInput = MathJob extends infer J ? (J extends MathJob ? Omit<J, 'id'> : never) : never;

// Compiled (production) the worker is plain JS; under tsx (dev, tests) a bootstrap registers the loader first.
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./mathWorker.bootstrap.mjs', import.meta.url) : new URL('./mathWorker.js', import.meta.url);

interface Queued {
  job: MathJob;
  resolve(text: string): void;
  reject(error: Error): void;
}

/**
 * The calculator's and unit converter's mathjs, in one worker thread started on first use: jobs
 * run one at a time, each within `timeLimitMs` — past it the worker is terminated (the only way
 * to stop synchronous code) and the next job starts a new one.
 */
export class MathRunner {
  private worker: Worker | null = null;
  private ready = false;
  private running: (Queued & { timer: NodeJS.Timeout }) | null = null;
  private readonly waiting: Queued[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly timeLimitMs = 2000) {}

  evaluate(expression: string): Promise<string> {
    return this.run({ kind: 'evaluate', expression });
  }

  convert(value: number, from: string, to: string): Promise<string> {
    return this.run({ kind: 'convert', value, from, to });
  }

  private run(input: JobInput): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the math worker is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ job: { ...input, id: this.nextId++ } as MathJob, resolve, reject });
      this.startNext();
    });
  }

  private startNext(): void {
    if (this.running || this.closed) return;
    const next = this.waiting.shift();
    if (!next) {
      // An idle worker must not keep the process alive.
      this.worker?.unref();
      return;
    }
    const worker = this.ensureWorker();
    worker.ref();
    if (!this.ready) {
      this.waiting.unshift(next);
      return;
    }
    const timer = setTimeout(() => this.timedOut(), this.timeLimitMs);
    this.running = { ...next, timer };
    worker.postMessage(next.job);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_ENTRY);
    this.ready = false;
    worker.on('message', (result: MathJobResult | { ready: true }) => {
      if ('ready' in result) {
        if (this.worker === worker) this.ready = true;
        this.startNext();
      } else this.finished(result);
    });
    worker.on('error', (error) => this.workerGone(worker, `计算进程出错：${error.message}`));
    worker.on('exit', () => this.workerGone(worker, '计算进程意外退出，请重试'));
    this.worker = worker;
    return worker;
  }

  private finished(result: MathJobResult): void {
    const job = this.running;
    if (!job || job.job.id !== result.id) return;
    clearTimeout(job.timer);
    this.running = null;
    if (result.ok) job.resolve(result.text);
    else job.reject(result.refused ? new ToolRefusal(result.text) : new Error(result.text));
    this.startNext();
  }

  private timedOut(): void {
    const job = this.running;
    if (!job) return;
    this.running = null;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    job.reject(new ToolRefusal(`计算超时（超过 ${this.timeLimitMs / 1000} 秒），请简化表达式`));
    this.startNext();
  }

  private workerGone(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.running;
    this.running = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(new Error(reason));
    }
    this.startNext();
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (this.running) {
      clearTimeout(this.running.timer);
      this.running.reject(new Error('the server is shutting down'));
      this.running = null;
    }
    for (const job of this.waiting.splice(0)) job.reject(new Error('the server is shutting down'));
    await worker?.terminate();
  }
}
