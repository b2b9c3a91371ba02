import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiEnvelope } from '@qiming/contracts';
import type { EventBus, AppEvents } from '../events/eventBus';

export interface PointsBalance {
  /** Permanent points (intelNums). */
  restIntegral: number;
  /** Daily points (intelNums2), spent first, refreshed at 03:00. */
  restIntegral2: number;
}

type Fetch = () => Promise<ApiEnvelope<PointsBalance> | null>;

/** The points balance. null while unknown or after a failed fetch: the page still works (spec §4). */
export class PointsStore {
  restIntegral: number | null = null;
  restIntegral2: number | null = null;

  constructor(
    private readonly fetchBalance: Fetch,
    private readonly events: EventBus<AppEvents>,
  ) {
    makeAutoObservable<this, 'fetchBalance' | 'events'>(this, { fetchBalance: false, events: false });
  }

  get total(): number | null {
    if (this.restIntegral === null && this.restIntegral2 === null) return null;
    return (this.restIntegral ?? 0) + (this.restIntegral2 ?? 0);
  }

  /** The balance in units of 万 (10,000) with 2 decimals, as the navbar shows it. */
  get displayWan(): string | null {
    return this.total === null ? null : (this.total / 10_000).toFixed(2);
  }

  async refresh(): Promise<void> {
    try {
      const answer = await this.fetchBalance();
      if (answer) this.set(answer.data);
    } catch {
      this.set(null);
    }
  }

  set(balance: Partial<PointsBalance> | null): void {
    runInAction(() => {
      this.restIntegral = typeof balance?.restIntegral === 'number' ? balance.restIntegral : null;
      this.restIntegral2 = typeof balance?.restIntegral2 === 'number' ? balance.restIntegral2 : null;
    });
    this.events.emit('points:changed', { restIntegral: this.restIntegral, restIntegral2: this.restIntegral2 });
  }
}
