import { entryOf, storedChunkOf, type ChunkBody, type LogEntry } from './chunks.js';
import { LocalLog, type JobStatus } from './localLog.js';
import type { JobMeta, SharedJobLog } from './sharedJobLog.js';

/** What a running generation uses to publish its chunks and to notice a stop. */
export interface JobHandle {
  readonly id: string;
  /** Aborted by stopChatId (reason 'stop') or a server shutdown (reason 'shutdown'). */
  readonly signal: AbortSignal;
  emit(body: ChunkBody): void;
  /** A frame exactly as given (the offline model's malformed-chunk fault). */
  emitRaw(frame: string): void;
}

export type JobRun = (job: JobHandle) => Promise<Exclude<JobStatus, 'running'>>;

interface LocalJob {
  meta: JobMeta;
  log: LocalLog;
  controller: AbortController;
  done: Promise<void>;
}

export interface JobManagerOptions {
  instanceId: string;
  /** Redis Streams when several instances share the work; absent: this process only. */
  shared?: SharedJobLog;
  /** How long a finished job's log stays readable here (spec: about 5 min). */
  retainAfterFinishMs: number;
  /** How long a log stays readable after the job started (about 20 min), if it finished earlier. */
  retainAfterStartMs: number;
  heartbeatMs: number;
  now?: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export const STOP_REASON = 'stop';
export const SHUTDOWN_REASON = 'shutdown';

/**
 * Generation jobs, independent of any HTTP connection: a job writes numbered chunks to its log
 * (here, and to the shared log when configured) and readers attach from any point. Only the
 * owner may check, attach to or stop a job.
 */
export class JobManager {
  private readonly jobs = new Map<string, LocalJob>();
  private readonly heartbeat?: NodeJS.Timeout;

  constructor(private readonly options: JobManagerOptions) {
    const shared = options.shared;
    if (shared) {
      shared.onStopRequest((jobId) => this.abortLocal(jobId, STOP_REASON));
      const beat = () => shared.heartbeat(options.instanceId, this.runningIds()).catch((error: Error) => options.log.warn({ err: error }, 'chat heartbeat failed'));
      void beat();
      this.heartbeat = setInterval(beat, options.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  get runningCount(): number {
    return this.runningIds().length;
  }

  private runningIds(): string[] {
    return [...this.jobs].filter(([, job]) => !job.log.finished).map(([id]) => id);
  }

  /** Starts `run` as job `jobId`; it goes on whatever happens to the caller's connection. */
  async start(jobId: string, owner: { userId: string; convGroupId: string }, run: JobRun): Promise<{ done: Promise<void> }> {
    const meta: JobMeta = { ...owner, instanceId: this.options.instanceId, status: 'running', startedAt: this.now().toISOString() };
    await this.options.shared?.open(jobId, meta);
    const log = new LocalLog();
    const controller = new AbortController();
    const append = (body: ChunkBody | string) => {
      const stored = storedChunkOf(log.length + 1, body);
      log.append(stored);
      this.options.shared?.append(jobId, entryOf(stored));
    };
    const handle: JobHandle = { id: jobId, signal: controller.signal, emit: append, emitRaw: append };
    const job: LocalJob = { meta, log, controller, done: Promise.resolve() };
    this.jobs.set(jobId, job);
    job.done = this.runToEnd(job, run, handle);
    return { done: job.done };
  }

  private async runToEnd({ meta, log }: LocalJob, run: JobRun, handle: JobHandle): Promise<void> {
    const jobId = handle.id;
    let status: Exclude<JobStatus, 'running'> = 'failed';
    try {
      status = await run(handle);
    } catch (error) {
      this.options.log.error({ err: error, jobId }, 'chat job crashed');
    }
    log.finish(status);
    await this.options.shared?.finish(jobId, status).catch((error: Error) => this.options.log.warn({ err: error, jobId }, 'shared job log finish failed'));
    const started = Date.parse(meta.startedAt);
    const keepMs = Math.max(this.options.retainAfterFinishMs, started + this.options.retainAfterStartMs - this.now().getTime());
    setTimeout(() => this.jobs.delete(jobId), keepMs).unref();
  }

  /** True while the user's job runs, on this instance or (shared log) on a live one. */
  async isRunning(jobId: string, userId: string): Promise<boolean> {
    const local = this.jobs.get(jobId);
    if (local) return local.meta.userId === userId && !local.log.finished;
    const shared = this.options.shared;
    if (!shared) return false;
    const meta = await shared.meta(jobId);
    return !!meta && meta.userId === userId && meta.status === 'running' && (await shared.instanceAlive(meta.instanceId));
  }

  /** The job's chunks after `after`, then live ones until it ends; null when there is no such job of this user. */
  async attach(jobId: string, userId: string, after: number, signal: AbortSignal): Promise<AsyncGenerator<LogEntry> | null> {
    const local = this.jobs.get(jobId);
    if (local) return local.meta.userId === userId ? local.log.read(after, signal) : null;
    const shared = this.options.shared;
    if (!shared) return null;
    const meta = await shared.meta(jobId);
    if (!meta || meta.userId !== userId) return null;
    return shared.read(jobId, after, signal);
  }

  /** Stops the user's running job (wherever it runs); false when there is none. */
  async stop(jobId: string, userId: string): Promise<boolean> {
    const local = this.jobs.get(jobId);
    if (local) {
      if (local.meta.userId !== userId || local.log.finished) return false;
      local.controller.abort(STOP_REASON);
      await local.done;
      return true;
    }
    if (!(await this.isRunning(jobId, userId))) return false;
    await this.options.shared!.requestStop(jobId);
    return true;
  }

  /** Ends every running job (each settles its points and keeps its partial answer), then stops the heartbeat. */
  async close(): Promise<void> {
    for (const id of this.runningIds()) this.abortLocal(id, SHUTDOWN_REASON);
    await Promise.all([...this.jobs.values()].map((job) => job.done));
    clearInterval(this.heartbeat);
  }

  private abortLocal(jobId: string, reason: string): void {
    const job = this.jobs.get(jobId);
    if (job && !job.log.finished) job.controller.abort(reason);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}
