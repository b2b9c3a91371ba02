import { frameOf, storedChunkOf, type ChunkBody, type LogEntry } from './chunks.js';
import { interruptedChunk } from './interruption.js';
import type { FinalStatus, JobMeta, JobStore } from './jobStore.js';
import type { Liveness } from './liveness.js';

/** What a running generation uses to publish its chunks and to notice a stop. */
export interface JobHandle {
  readonly id: string;
  /** Aborted by stopChatId (reason 'stop') or a server shutdown (reason 'shutdown'). */
  readonly signal: AbortSignal;
  emit(body: ChunkBody): void;
  /** A frame exactly as given (the offline model's malformed-chunk fault). */
  emitRaw(frame: string): void;
}

export type JobRun = (job: JobHandle) => Promise<FinalStatus>;

/** A place among this instance's running jobs: taken before anything is written, freed when its job ends (or by `release` if it never starts). */
export interface JobSlot {
  release(): void;
}

interface RunningJob {
  controller: AbortController;
  done: Promise<void>;
}

export interface JobManagerOptions {
  instanceId: string;
  store: JobStore;
  /** Whether a job's instance still runs it (the database heartbeat, see liveness.ts). */
  liveness: Liveness;
  /** Jobs this instance runs at once at most (CHAT_MAX_RUNNING_JOBS); `reserve` answers null beyond. */
  maxRunning: number;
  now?: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export const STOP_REASON = 'stop';
export const SHUTDOWN_REASON = 'shutdown';

/**
 * Generation jobs, independent of any HTTP connection: a job writes numbered chunks to the job
 * store and readers attach from any point, through any instance the store reaches. Only the
 * owner may check, attach to or stop a job.
 */
export class JobManager {
  private readonly running = new Map<string, RunningJob>();
  private reserved = 0;

  constructor(private readonly options: JobManagerOptions) {
    options.store.onStopRequest((jobId) => this.abortHere(jobId, STOP_REASON));
  }

  /** Jobs running on this instance now (the /health gauge). */
  get runningCount(): number {
    return this.running.size;
  }

  /** A slot for one more job, or null when this instance already runs `maxRunning`. */
  reserve(): JobSlot | null {
    if (this.reserved >= this.options.maxRunning) return null;
    this.reserved++;
    let held = true;
    return {
      release: () => {
        if (held) this.reserved--;
        held = false;
      },
    };
  }

  /**
   * Starts `run` as job `jobId` in `slot` (one is taken when none is given); it goes on whatever
   * happens to the caller's connection, and frees the slot when it ends.
   */
  async start(jobId: string, owner: { userId: string; convGroupId: string }, run: JobRun, slot?: JobSlot): Promise<{ done: Promise<void> }> {
    const place = slot ?? this.reserve();
    if (!place) throw new Error(`more than ${this.options.maxRunning} running jobs`);
    const { store } = this.options;
    const meta: JobMeta = { ...owner, instanceId: this.options.instanceId, status: 'running', startedAt: this.now().toISOString() };
    try {
      await store.open(jobId, meta);
    } catch (error) {
      place.release();
      throw error;
    }
    let seq = 0;
    const append = (body: ChunkBody | string) => store.append(jobId, storedChunkOf(++seq, body));
    const controller = new AbortController();
    const handle: JobHandle = { id: jobId, signal: controller.signal, emit: append, emitRaw: append };
    const job: RunningJob = { controller, done: Promise.resolve() };
    this.running.set(jobId, job);
    job.done = this.runToEnd(run, handle).finally(() => {
      this.running.delete(jobId);
      place.release();
    });
    return { done: job.done };
  }

  private async runToEnd(run: JobRun, handle: JobHandle): Promise<void> {
    let status: FinalStatus = 'failed';
    try {
      status = await run(handle);
    } catch (error) {
      this.options.log.error({ err: error, jobId: handle.id }, 'chat job crashed');
    }
    await this.options.store.finish(handle.id, status).catch((error: Error) => this.options.log.warn({ err: error, jobId: handle.id }, 'job store finish failed'));
  }

  /** True while the user's job runs on a live instance. */
  async isRunning(jobId: string, userId: string): Promise<boolean> {
    const meta = await this.options.store.meta(jobId);
    return !!meta && meta.userId === userId && meta.status === 'running' && (await this.options.liveness.isAlive(meta.instanceId));
  }

  /**
   * The job's chunks after `after`, then live ones until it ends — with the failed-answer chunk
   * when its instance dies first; null when there is no such job of this user.
   */
  async attach(jobId: string, userId: string, after: number, signal: AbortSignal): Promise<AsyncGenerator<LogEntry> | null> {
    const meta = await this.options.store.meta(jobId);
    if (!meta || meta.userId !== userId) return null;
    return this.follow(jobId, meta, after, signal);
  }

  private async *follow(jobId: string, meta: JobMeta, after: number, signal: AbortSignal): AsyncGenerator<LogEntry> {
    const reading = this.options.store.read(jobId, after, signal);
    let last = after;
    try {
      for (;;) {
        const next = await reading.next();
        if (next.done) {
          if (next.value === 'ownerGone') yield { seq: last + 1, frame: frameOf(last + 1, interruptedChunk(jobId, meta.convGroupId)) };
          return;
        }
        last = next.value.seq;
        yield next.value;
      }
    } finally {
      // A reader that leaves early ends the store's read too (it holds a connection).
      await reading.return('aborted');
    }
  }

  /** Stops the user's running job (wherever it runs) and, when it runs here, waits for its end; false when there is none. */
  async stop(jobId: string, userId: string): Promise<boolean> {
    if (!(await this.isRunning(jobId, userId))) return false;
    const here = this.running.get(jobId);
    if (!here) {
      await this.options.store.requestStop(jobId);
      return true;
    }
    here.controller.abort(STOP_REASON);
    await here.done;
    return true;
  }

  /** Ends every running job (each settles its points and keeps its partial answer). */
  async close(): Promise<void> {
    for (const id of this.running.keys()) this.abortHere(id, SHUTDOWN_REASON);
    await Promise.all([...this.running.values()].map((job) => job.done));
  }

  private abortHere(jobId: string, reason: string): void {
    const job = this.running.get(jobId);
    if (job && !job.controller.signal.aborted) job.controller.abort(reason);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}
