import type { Log } from '../../log.js';
import { startPeriodicTask, type PeriodicTask } from '../../periodicTask.js';
import type { HoldService } from './holds.js';

export type Sweeper = PeriodicTask;

/**
 * Releases expired holds every `intervalMs`. Holds are rows, so a crash loses nothing: the sweep at
 * the next startup releases what expired meanwhile. Several instances may sweep at once; each hold
 * ends exactly once (guarded status change).
 */
export function startHoldSweeper(holds: HoldService, intervalMs: number, log: Log): Sweeper {
  return startPeriodicTask('points hold sweep', () => holds.sweepExpired(), intervalMs, log);
}
