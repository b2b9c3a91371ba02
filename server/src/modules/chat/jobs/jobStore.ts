import type { ChunkBody, LogEntry, StoredChunk } from './chunks.js';
import type { JobStatus } from './localLog.js';

export type FinalStatus = Exclude<JobStatus, 'running'>;

/** Who a generation belongs to and where it runs; kept next to its chunk log. */
export interface JobMeta {
  userId: string;
  convGroupId: string;
  /** The server instance running the job. */
  instanceId: string;
  status: JobStatus;
  startedAt: string;
}

/** Why a read ended: the log finished (or expired), the reader went away, or the job's instance died mid-job. */
export type ReadEnd = 'finished' | 'aborted' | 'ownerGone';

/**
 * Where jobs keep their chunk logs and meta, and how a stop reaches the instance running a job.
 * `MemoryJobStore`: this process only (one instance). `RedisJobStore`: the same for this
 * instance's jobs plus a copy in Redis Streams, so every instance can check, resume and stop any job.
 */
export interface JobStore {
  /** Opens the log of a job starting on this instance. */
  open(jobId: string, meta: JobMeta): Promise<void>;
  /** Appends the job's next chunk, behind its earlier ones (never awaited by the job). */
  append(jobId: string, chunk: StoredChunk): void;
  finish(jobId: string, status: FinalStatus): Promise<void>;
  meta(jobId: string): Promise<JobMeta | null>;
  /** Entries after `after`, then new ones, until the job finishes, its log expires, its instance dies, or `signal` aborts. */
  read(jobId: string, after: number, signal: AbortSignal): AsyncGenerator<LogEntry, ReadEnd>;
  /**
   * Ends the log of a job whose instance died: appends `last` (built from the job's meta) and marks
   * it failed, unless it has already ended. Answers the entries the log held before, or null when
   * this store has no log of the job (never written to a shared log, or expired).
   */
  endOrphan(jobId: string, last: (meta: JobMeta) => ChunkBody): Promise<LogEntry[] | null>;
  /** Asks whichever instance runs the job to stop it. */
  requestStop(jobId: string): Promise<void>;
  onStopRequest(handler: (jobId: string) => void): void;
  close(): Promise<void>;
}
