import type { Log } from './log.js';

export interface PeriodicTask {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs` (unref'd: it never keeps the process alive), never two runs at
 * once; a failed run (a rejection or a throw) is logged and the next one comes as usual.
 */
export function startPeriodicTask(name: string, task: () => unknown, intervalMs: number, log: Log): PeriodicTask {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = Promise.resolve()
      .then(task)
      .catch((error: unknown) => log.warn({ err: error }, `${name} failed`))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
