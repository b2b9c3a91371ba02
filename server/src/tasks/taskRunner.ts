import type { Log } from '../log.js';
import { startPeriodicTask, type PeriodicTask } from '../periodicTask.js';
import type { QueuedTask, TaskQueue } from './taskQueue.js';

/** Why a run ended without a result: the message the user reads (Chinese; translated where shown). */
export class TaskFailure extends Error {}

export interface RunHooks {
  /** Fires on the task's time limit (reason: a TaskFailure) or a graceful stop. */
  signal: AbortSignal;
  /** 0–100; written at most once per `progressEveryMs`, only forward, never 100 (success says that). */
  onProgress(percent: number): void;
}

/** What one kind of task does; the runner owns claiming, time limits, heartbeats, recovery and failure. */
export interface TaskHandler<T extends QueuedTask> {
  /**
   * Does the work and records success itself (a guarded update: still running and claimed by this
   * instance), then charges. Throws to fail: a `TaskFailure` carries the user's message. Cleans up what
   * it stored before it throws. Slow steps watch `hooks.signal` (`untilAborted`).
   */
  run(task: T, hooks: RunHooks): Promise<void>;
  /** Gives the task's points back; idempotent (recovery may refund a task twice). */
  refund(task: T): Promise<void>;
  /** A user-facing message for errors other than TaskFailure (a provider's own error type), else null. */
  messageOf?(error: unknown): string | null;
}

export interface TaskMessages {
  failed: string;
  timedOut: string;
  /** A running task whose instance died. */
  interrupted: string;
  queueTimedOut: string;
}

export interface TaskRunnerOptions<T extends QueuedTask> {
  /** For logs: "image task", "video task"… */
  name: string;
  queue: TaskQueue<T>;
  handler: TaskHandler<T>;
  messages: TaskMessages;
  /** This instance (claimed_by of the tasks it runs). */
  instanceId: string;
  /** Tasks run at once; 0 runs none (recovery still sweeps). */
  concurrency: number;
  timeoutMs: number;
  /** How often running tasks say they are alive, and recovery looks for abandoned ones. */
  heartbeatMs: number;
  /** A running task silent this long belongs to a dead instance: failed and refunded. */
  deadAfterMs: number;
  /** A task queued this long is failed and refunded (before its points hold would expire). */
  queueTimeoutMs: number;
  /** How often the queue is polled for tasks other instances accepted. */
  pollMs: number;
  progressEveryMs?: number;
  now: () => Date;
  log: Log;
}

interface RunningTask {
  controller: AbortController;
  /** A graceful stop: the task goes back to the queue instead of failing. */
  stopping: boolean;
  done: Promise<void>;
}

/**
 * Runs durable tasks of one table on this instance: claims the oldest queued one (never two instances
 * on one task), runs its handler with a time limit, and on failure refunds first and then marks it
 * failed with the user's message. Running tasks beat a heartbeat; the tasks of a dead instance (silent
 * past `deadAfterMs`) or of this instance's previous life are failed and refunded, as are tasks queued
 * too long. A graceful stop puts running tasks back in the queue (their points stay held).
 */
export class TaskRunner<T extends QueuedTask> {
  private readonly running = new Map<string, RunningTask>();
  private periodic: PeriodicTask[] = [];
  private filling: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: TaskRunnerOptions<T>) {}

  get runningCount(): number {
    return this.running.size;
  }

  async start(): Promise<void> {
    await this.recover();
    const { heartbeatMs, pollMs, log, name } = this.options;
    this.periodic = [
      startPeriodicTask(`${name} heartbeat`, () => this.beat(), heartbeatMs, log),
      startPeriodicTask(`${name} recovery`, () => this.recover(), heartbeatMs, log),
      startPeriodicTask(`${name} queue`, () => this.fill(), pollMs, log),
    ];
    this.wake();
  }

  /** Looks at the queue now (a task was just accepted on this instance). */
  wake(): void {
    void this.fill().catch((error: Error) => this.options.log.warn({ err: error }, `claiming ${this.options.name}s failed`));
  }

  /** Stops claiming; running tasks are aborted and go back to the queue for another instance or the next start. */
  async close(): Promise<void> {
    this.closed = true;
    const periodic = this.periodic;
    this.periodic = [];
    await Promise.all(periodic.map((task) => task.stop()));
    await this.filling?.catch(() => undefined);
    for (const task of this.running.values()) {
      task.stopping = true;
      task.controller.abort(new Error('server stopping'));
    }
    await Promise.all([...this.running.values()].map((task) => task.done));
  }

  /** Claims queued tasks while this instance has room (one fill at a time; a call during one shares it). */
  fill(): Promise<void> {
    if (this.filling) return this.filling;
    const filling = this.claimWhileRoom();
    this.filling = filling;
    // Cleared after the assignment: a fill that ends at once must not leave itself in place forever.
    void filling
      .finally(() => {
        if (this.filling === filling) this.filling = null;
      })
      .catch(() => undefined);
    return filling;
  }

  /**
   * Fails and refunds what nobody will finish: running tasks silent past `deadAfterMs`, running tasks
   * claimed by this instance that it is not running (its previous life, before a crash), and tasks
   * queued past `queueTimeoutMs`. Answers how many.
   */
  async recover(): Promise<number> {
    const { queue, instanceId, deadAfterMs, queueTimeoutMs, messages } = this.options;
    const at = this.options.now().getTime();
    const cutoff = new Date(at - deadAfterMs).toISOString();
    let recovered = 0;
    for (const task of await queue.orphanedRunning(cutoff, instanceId)) {
      if (this.running.has(task.id)) continue;
      const guard = task.claimed_by === instanceId ? { from: ['running' as const], instanceId } : { from: ['running' as const], staleBefore: cutoff };
      if (await queue.finishFailed(task.id, guard, messages.interrupted, this.iso())) {
        await this.refund(task);
        recovered++;
      }
    }
    for (const task of await queue.queuedBefore(new Date(at - queueTimeoutMs).toISOString())) {
      if (await queue.finishFailed(task.id, { from: ['queued'] }, messages.queueTimedOut, this.iso())) {
        await this.refund(task);
        recovered++;
      }
    }
    if (recovered) this.options.log.info(`failed and refunded ${recovered} abandoned ${this.options.name}s`);
    return recovered;
  }

  private async claimWhileRoom(): Promise<void> {
    while (!this.closed && this.running.size < this.options.concurrency) {
      const task = await this.options.queue.claimNext(this.options.instanceId, this.iso());
      if (!task) return;
      this.launch(task);
    }
  }

  private launch(task: T): void {
    const entry: RunningTask = { controller: new AbortController(), stopping: false, done: Promise.resolve() };
    this.running.set(task.id, entry);
    entry.done = this.run(task, entry)
      .catch((error: Error) => this.options.log.error({ err: error, taskId: task.id }, `${this.options.name} bookkeeping failed`))
      .finally(() => {
        this.running.delete(task.id);
        if (!this.closed) this.wake();
      });
  }

  private async beat(): Promise<void> {
    await this.options.queue.beat([...this.running.keys()], this.options.instanceId, this.iso());
  }

  private async run(task: T, entry: RunningTask): Promise<void> {
    const { controller } = entry;
    const { queue, handler, instanceId, messages } = this.options;
    const timer = setTimeout(() => controller.abort(new TaskFailure(messages.timedOut)), this.options.timeoutMs);
    try {
      await handler.run(task, { signal: controller.signal, onProgress: this.progressSaver(task.id) });
    } catch (error) {
      if (entry.stopping) {
        await queue.requeue(task.id, instanceId);
        return;
      }
      const cause = controller.signal.aborted ? controller.signal.reason : error;
      const message = cause instanceof TaskFailure ? cause.message : (handler.messageOf?.(cause) ?? null);
      if (message === null) this.options.log.warn({ err: error, taskId: task.id }, `${this.options.name} failed`);
      // Refunded first (idempotent: a crash before the mark leaves it to recovery, which refunds again), so the balance is right once it shows failed.
      await this.refund(task);
      await queue.finishFailed(task.id, { from: ['running'], instanceId }, message ?? messages.failed, this.iso());
    } finally {
      clearTimeout(timer);
    }
  }

  private async refund(task: T): Promise<void> {
    await this.options.handler.refund(task).catch((error: Error) => this.options.log.warn({ err: error, taskId: task.id }, `refunding a ${this.options.name} failed`));
  }

  /** Progress as the handler reports it, written at most once per `progressEveryMs` and only when it moved. */
  private progressSaver(taskId: string): (percent: number) => void {
    const every = this.options.progressEveryMs ?? 1000;
    let saved = 0;
    let savedAt = 0;
    return (percent) => {
      const value = Math.max(0, Math.min(99, Math.round(percent)));
      const at = Date.now();
      if (value <= saved || at - savedAt < every) return;
      saved = value;
      savedAt = at;
      void this.options.queue
        .saveProgress(taskId, this.options.instanceId, value)
        .catch((error: Error) => this.options.log.warn({ err: error, taskId }, `saving ${this.options.name} progress failed`));
    };
  }

  private iso(): string {
    return this.options.now().toISOString();
  }
}

/** The promise, or a rejection with the abort reason as soon as the signal fires (a provider that ignores the signal cannot hold the task). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** What a module passes for its worker: the runner's options but those the kind fixes. */
export type TaskWorkerOptions<T extends QueuedTask> = Omit<TaskRunnerOptions<T>, 'name' | 'queue' | 'handler' | 'messages'>;

/**
 * One kind of durable task on this instance: the handler (`run`, `refund`) a module writes, and the
 * runner that drives it, started by the module and stopped in its `close`.
 */
export abstract class TaskWorker<T extends QueuedTask> implements TaskHandler<T> {
  private readonly runner: TaskRunner<T>;

  constructor(options: TaskWorkerOptions<T>, kind: Pick<TaskRunnerOptions<T>, 'name' | 'queue' | 'messages'>) {
    this.runner = new TaskRunner({ ...options, ...kind, handler: this });
  }

  abstract run(task: T, hooks: RunHooks): Promise<void>;
  abstract refund(task: T): Promise<void>;

  get runningCount(): number {
    return this.runner.runningCount;
  }

  start(): Promise<void> {
    return this.runner.start();
  }

  /** Looks at the queue now (a task was just accepted on this instance). */
  wake(): void {
    this.runner.wake();
  }

  /** Stops claiming; running tasks are aborted and go back to the queue for another instance or the next start. */
  close(): Promise<void> {
    return this.runner.close();
  }

  fill(): Promise<void> {
    return this.runner.fill();
  }

  /** Fails and refunds tasks nobody will finish; answers how many. */
  recover(): Promise<number> {
    return this.runner.recover();
  }
}
