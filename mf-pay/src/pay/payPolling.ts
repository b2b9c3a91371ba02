import type { PayStatus } from '@qiming/sdk/contracts';

/** spec platform §9: the status is asked every 3 s; the QR code is given up after 100 polls (about 5 minutes). */
export const POLL_INTERVAL_MS = 3000;
export const MAX_POLLS = 100;

/** idle: nothing watched (never started, or stopped); waiting: an order is being polled. */
export type PollPhase = 'idle' | 'waiting' | 'paid' | 'expired';

export interface PayPollingHandlers {
  query(outTradeNo: string): Promise<PayStatus>;
  onPaid(outTradeNo: string): void;
  onExpired(outTradeNo: string): void;
}

export interface PayPolling {
  readonly phase: PollPhase;
  /** Watches a (new) order from its first poll on, forgetting the previous one. */
  restart(outTradeNo: string): void;
  /** Stops watching (the dialog closed); an answer still on its way is ignored. */
  stop(): void;
}

/**
 * The pay dialog's status polling (spec platform §4): OK → paid; a failed query is only logged and
 * polling goes on; 100 polls without OK → expired. A status the order can no longer leave (EXPIRED,
 * CLOSED, REFUNDED) also ends as expired: its QR code cannot be paid any more.
 * The next poll is scheduled when the previous answer is in, so slow answers never overlap.
 */
export function createPayPolling(handlers: PayPollingHandlers, { intervalMs = POLL_INTERVAL_MS, maxPolls = MAX_POLLS } = {}): PayPolling {
  let phase: PollPhase = 'idle';
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Each restart/stop starts a new run; answers that belong to an older run are dropped.
  let run = 0;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const schedule = (outTradeNo: string, pollsDone: number, ofRun: number) => {
    timer = setTimeout(() => void poll(outTradeNo, pollsDone + 1, ofRun), intervalMs);
  };

  async function poll(outTradeNo: string, pollNumber: number, ofRun: number): Promise<void> {
    timer = null;
    let status: PayStatus | null = null;
    try {
      status = await handlers.query(outTradeNo);
    } catch (error) {
      console.warn(`[pay] status query ${pollNumber} for ${outTradeNo} failed; polling goes on`, error);
    }
    if (ofRun !== run) return;
    if (status === 'OK') {
      phase = 'paid';
      handlers.onPaid(outTradeNo);
    } else if ((status !== null && status !== 'WAIT') || pollNumber >= maxPolls) {
      phase = 'expired';
      handlers.onExpired(outTradeNo);
    } else {
      schedule(outTradeNo, pollNumber, ofRun);
    }
  }

  return {
    get phase() {
      return phase;
    },
    restart(outTradeNo) {
      clearTimer();
      run += 1;
      phase = 'waiting';
      schedule(outTradeNo, 0, run);
    },
    stop() {
      clearTimer();
      run += 1;
      phase = 'idle';
    },
  };
}
