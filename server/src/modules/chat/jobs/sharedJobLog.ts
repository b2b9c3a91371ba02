import type { LogEntry } from './chunks.js';
import type { JobStatus } from './localLog.js';

/** Who a generation belongs to and where it runs; kept next to its chunk log. */
export interface JobMeta {
  userId: string;
  convGroupId: string;
  /** The server instance running the job. */
  instanceId: string;
  status: JobStatus;
  startedAt: string;
}

/**
 * The copy of every job's chunk log that all server instances can read (Redis Streams), so a
 * client can resume, check or stop a generation through any instance. Without Redis there is one
 * instance and its in-process logs are all there is.
 */
export interface SharedJobLog {
  open(jobId: string, meta: JobMeta): Promise<void>;
  /** Queues the entry behind the earlier ones of the same job (never awaited by the job). */
  append(jobId: string, entry: LogEntry): void;
  finish(jobId: string, status: Exclude<JobStatus, 'running'>): Promise<void>;
  meta(jobId: string): Promise<JobMeta | null>;
  /** Entries after `after`, then new ones, until the job finishes, its log expires, or `signal` aborts. */
  read(jobId: string, after: number, signal: AbortSignal): AsyncGenerator<LogEntry>;
  /** Asks whichever instance runs the job to stop it. */
  requestStop(jobId: string): Promise<void>;
  onStopRequest(handler: (jobId: string) => void): void;
  /** Marks this instance alive and keeps its running jobs' logs from expiring. */
  heartbeat(instanceId: string, runningJobIds: readonly string[]): Promise<void>;
  instanceAlive(instanceId: string): Promise<boolean>;
  close(): Promise<void>;
}
