import { entryOf, type LogEntry, type StoredChunk } from './chunks.js';

export type JobStatus = 'running' | 'done' | 'stopped' | 'failed';

/**
 * A generation's chunk log in this process: appended by the job, read by any number of readers,
 * each from the sequence number it already has. Readers wait on one shared promise that the next
 * append (or the end) resolves, so a thousand idle readers cost a thousand pending awaits, no timers.
 */
export class LocalLog {
  private readonly stored: StoredChunk[] = [];
  private status: JobStatus = 'running';
  private wake: { promise: Promise<void>; resolve: () => void } = LocalLog.signal();

  private static signal() {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  }

  get finished(): boolean {
    return this.status !== 'running';
  }

  get jobStatus(): JobStatus {
    return this.status;
  }

  get length(): number {
    return this.stored.length;
  }

  /** Everything appended so far. */
  entries(): readonly StoredChunk[] {
    return this.stored;
  }

  /** Appends the next entry; its seq must be the next number (1, 2, 3…). */
  append(entry: StoredChunk): void {
    if (this.finished) throw new Error('append to a finished log');
    if (entry.seq !== this.stored.length + 1) throw new Error(`log seq ${entry.seq} after ${this.stored.length}`);
    this.stored.push(entry);
    this.notify();
  }

  finish(status: Exclude<JobStatus, 'running'>): void {
    if (this.finished) return;
    this.status = status;
    this.notify();
  }

  /** The entries after `after`, then live ones as they come, until the log finishes or `signal` aborts. */
  async *read(after: number, signal?: AbortSignal): AsyncGenerator<LogEntry> {
    let next = Math.max(0, Math.min(after, this.stored.length));
    for (;;) {
      while (next < this.stored.length) yield entryOf(this.stored[next++]!);
      if (this.finished || signal?.aborted) return;
      await this.changed(signal);
    }
  }

  private notify(): void {
    const current = this.wake;
    this.wake = LocalLog.signal();
    current.resolve();
  }

  private changed(signal?: AbortSignal): Promise<void> {
    if (!signal) return this.wake.promise;
    return new Promise((resolve) => {
      const onAbort = () => resolve();
      signal.addEventListener('abort', onAbort, { once: true });
      void this.wake.promise.then(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }
}
