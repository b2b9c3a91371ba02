import { entryOf, storedChunkOf, type ChunkBody, type LogEntry, type StoredChunk } from './chunks.js';
import type { FinalStatus, JobMeta, JobStore, ReadEnd } from './jobStore.js';
import { LocalLog } from './localLog.js';

export interface RetentionOptions {
  /** How long a finished job's log stays readable (spec: about 5 min). */
  retainAfterFinishMs: number;
  /** How long a log stays readable after the job started (about 20 min), if it finished earlier. */
  retainAfterStartMs: number;
  now?: () => Date;
}

interface StoredJob {
  meta: JobMeta;
  log: LocalLog;
}

/** Job logs in this process: right for one instance, and the fast path of a Redis store for its own jobs. */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, StoredJob>();
  private readonly stopHandlers: Array<(jobId: string) => void> = [];

  constructor(private readonly options: RetentionOptions) {}

  /** Whether the job's log is kept here (a job of this instance, until its retention ends). */
  has(jobId: string): boolean {
    return this.jobs.has(jobId);
  }

  /** How many chunks the job's log kept here holds (0 when it is not here). */
  length(jobId: string): number {
    return this.jobs.get(jobId)?.log.length ?? 0;
  }

  /** The jobs opened here that have not finished. */
  runningIds(): string[] {
    return [...this.jobs].filter(([, job]) => !job.log.finished).map(([id]) => id);
  }

  async open(jobId: string, meta: JobMeta): Promise<void> {
    this.jobs.set(jobId, { meta: { ...meta }, log: new LocalLog() });
  }

  append(jobId: string, chunk: StoredChunk): void {
    this.jobs.get(jobId)?.log.append(chunk);
  }

  async finish(jobId: string, status: FinalStatus): Promise<void> {
    const job = this.jobs.get(jobId);
    if (!job || job.log.finished) return;
    job.log.finish(status);
    job.meta.status = status;
    const now = this.options.now?.() ?? new Date();
    const keepMs = Math.max(this.options.retainAfterFinishMs, Date.parse(job.meta.startedAt) + this.options.retainAfterStartMs - now.getTime());
    setTimeout(() => this.jobs.delete(jobId), keepMs).unref();
  }

  async meta(jobId: string): Promise<JobMeta | null> {
    const job = this.jobs.get(jobId);
    return job ? { ...job.meta } : null;
  }

  async *read(jobId: string, after: number, signal: AbortSignal): AsyncGenerator<LogEntry, ReadEnd> {
    const job = this.jobs.get(jobId);
    if (job) yield* job.log.read(after, signal);
    return signal.aborted ? 'aborted' : 'finished';
  }

  async endOrphan(jobId: string, last: (meta: JobMeta) => ChunkBody): Promise<LogEntry[] | null> {
    const job = this.jobs.get(jobId);
    if (!job) return null;
    const entries = job.log.entries().map(entryOf);
    if (job.log.finished) return entries;
    job.log.append(storedChunkOf(job.log.length + 1, last(job.meta)));
    await this.finish(jobId, 'failed');
    return entries;
  }

  async requestStop(jobId: string): Promise<void> {
    for (const handler of this.stopHandlers) handler(jobId);
  }

  onStopRequest(handler: (jobId: string) => void): void {
    this.stopHandlers.push(handler);
  }

  async close(): Promise<void> {}
}
