import type { HoldService } from './holds.js';

export interface Sweeper {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Releases expired holds every `intervalMs` (unref'd: it never keeps the process alive). Holds are
 * rows, so a crash loses nothing: the sweep at the next startup releases what expired meanwhile.
 * Several instances may sweep at once; each hold ends exactly once (guarded status change).
 */
export function startHoldSweeper(holds: HoldService, intervalMs: number, log: { warn(obj: object, msg: string): void }): Sweeper {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = holds
      .sweepExpired()
      .catch((error: unknown) => log.warn({ err: error }, 'points hold sweep failed'))
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
