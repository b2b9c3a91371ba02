import { chinaDay, chinaDayEnd } from '../../chinaTime.js';
import type { SharedState } from '../../sharedState/index.js';

export interface Quota {
  /** Shared-state key of the window's counter. */
  key: string;
  max: number;
  /** Length of a window that starts now; the first use in a window fixes its end. */
  windowSeconds: number;
}

export interface Taken {
  quota: Quota;
  /** Uses in this window, this one included. */
  used: number;
  /** When the window ends (epoch milliseconds). */
  endsAt: number;
}

/**
 * Fixed-window counters in shared state that can give a use back: a refused or failed send does
 * not count against the user. SharedState has no decrement, so a given-back use is counted up in a
 * `:returned` key that expires with the window, and a window's use is counter − returned. Each
 * window also keeps its end (`:end`), for "try again in n seconds".
 */
export class SendQuotas {
  constructor(
    private readonly state: SharedState,
    private readonly now: () => number = Date.now,
  ) {}

  async take(quota: Quota): Promise<Taken> {
    const count = await this.state.increment(quota.key, quota.windowSeconds);
    let endsAt: number;
    if (count === 1) {
      endsAt = this.now() + quota.windowSeconds * 1000;
      await this.state.set(`${quota.key}:end`, String(endsAt), quota.windowSeconds);
    } else {
      // Absent only for a moment while the window's first use is still writing it.
      endsAt = Number(await this.state.get(`${quota.key}:end`)) || this.now() + quota.windowSeconds * 1000;
    }
    const returned = Number((await this.state.get(`${quota.key}:returned`)) ?? 0);
    return { quota, used: count - returned, endsAt };
  }

  async giveBack({ quota, endsAt }: Taken): Promise<void> {
    // Rounded down, so the returned count never outlives the counter it corrects.
    const ttl = Math.floor((endsAt - this.now()) / 1000);
    if (ttl >= 1) await this.state.increment(`${quota.key}:returned`, ttl);
  }

  /** Whole seconds until the window ends (at least 1). */
  secondsLeft({ endsAt }: Taken): number {
    return Math.max(1, Math.ceil((endsAt - this.now()) / 1000));
  }
}

/** Today in China as `YYYY-MM-DD`, and the seconds until its midnight (at least 1). */
export function chinaToday(nowMs: number): { date: string; secondsLeft: number } {
  const date = chinaDay(nowMs);
  return { date, secondsLeft: Math.max(1, Math.ceil((chinaDayEnd(date).getTime() - nowMs) / 1000)) };
}
