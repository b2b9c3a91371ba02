import { entryOf, type LogEntry, type StoredChunk } from './chunks.js';

export type JobStatus = 'running' | 'done' | 'stopped' | 'failed';

/**
 * A generation's chunk log in this process: appended by the job, read by any number of readers,
 * each from the sequence number it already has. Readers wait on one shared promise that the next
 * append (or the end) resolves, so a thousand idle readers cost a thousand pending awaits, no timers.
 */
export class LocalLog {
  private readonly entries: StoredChunk[] = [];
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
    return this.entries.length;
  }

  /** Appends the next entry; its seq must be the next number (1, 2, 3…). */
  append(entry: StoredChunk): void {
    if (this.finished) throw new Error('append to a finished log');
    if (entry.seq !== this.entries.length + 1) throw new Error(`log seq ${entry.seq} after ${this.entries.length}`);
    this.entries.push(entry);
    this.notify();
  }

  finish(status: Exclude<JobStatus, 'running'>): void {
    if (this.finished) return;
    this.status = status;
    this.notify();
  }

  /** The entries after `after`, then live ones as they come, until the log finishes or `signal` aborts. */
  async *read(after: number, signal?: AbortSignal): AsyncGenerator<LogEntry> {
    let next = Math.max(0, Math.min(after, this.entries.length));
    for (;;) {
      while (next < this.entries.length) yield entryOf(this.entries[next++]!);
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
