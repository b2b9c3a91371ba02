import type { ChatJobsRepository } from './repository.js';

export interface LivenessOptions {
  repo: ChatJobsRepository;
  instanceId: string;
  /** An instance whose heartbeat is older than this is dead. */
  deadAfterMs: number;
  /** How long an answer about another instance is reused (readers ask often). */
  cacheMs: number;
  now: () => Date;
}

/** What job readers need of liveness. */
export type Liveness = Pick<InstanceLiveness, 'isAlive'>;

/**
 * The one liveness source of chat jobs: the `chat_instances` row. An instance is alive while its
 * heartbeat is younger than `deadAfterMs`; this instance is always alive to itself. Recovery
 * fails the jobs of dead instances, and readers on other instances stop waiting for them.
 */
export class InstanceLiveness {
  private readonly cache = new Map<string, { alive: boolean; until: number }>();

  constructor(private readonly options: LivenessOptions) {}

  get instanceId(): string {
    return this.options.instanceId;
  }

  async beat(): Promise<void> {
    await this.options.repo.beat(this.options.instanceId, this.options.now().toISOString());
  }

  /** Heartbeats before this time are dead. */
  cutoff(): string {
    return new Date(this.options.now().getTime() - this.options.deadAfterMs).toISOString();
  }

  async isAlive(instanceId: string): Promise<boolean> {
    if (instanceId === this.options.instanceId) return true;
    const at = this.options.now().getTime();
    const cached = this.cache.get(instanceId);
    if (cached && cached.until > at) return cached.alive;
    const heartbeat = await this.options.repo.heartbeatOf(instanceId);
    const alive = heartbeat !== undefined && heartbeat >= this.cutoff();
    this.cache.set(instanceId, { alive, until: at + this.options.cacheMs });
    if (this.cache.size > 1000) this.cache.clear();
    return alive;
  }

  /** Other instances whose heartbeat is before `cutoff` (dead). */
  dead(cutoff = this.cutoff()): Promise<string[]> {
    return this.options.repo.silentSince(cutoff, this.options.instanceId);
  }
}
