import type { Log } from '../../log.js';
import { startPeriodicTask, type PeriodicTask } from '../../periodicTask.js';
import type { FinishedAnswer } from './generation.js';
import { INTERRUPTED_MESSAGE, interruptedChunk, partialAnswerOf } from './jobs/interruption.js';
import type { JobStore } from './jobs/jobStore.js';
import type { InstanceLiveness } from './jobs/liveness.js';
import type { ChatJobsRepository } from './jobs/repository.js';

export { INTERRUPTED_MESSAGE };

export interface RecoveryDeps {
  repo: ChatJobsRepository;
  liveness: InstanceLiveness;
  /** Where an interrupted job's log is ended and its partial answer read from. */
  store: Pick<JobStore, 'endOrphan'>;
  heartbeatMs: number;
  now: () => Date;
  refund(generationId: string): Promise<unknown>;
  finishAnswer(nodeId: string, answer: FinishedAnswer): Promise<boolean>;
  failGenerating(nodeIds: string[], error: string): Promise<number>;
  log: Log;
}

/**
 * Crash safety for generations. Each running job has a row naming its instance; this instance
 * beats its liveness row every `heartbeatMs`. Jobs of a dead instance (InstanceLiveness) — or of
 * this instance's previous life, found at startup — get their points hold refunded, their log
 * ended with the failed-answer chunk, and their answer node marked failed with the partial text
 * the log holds (what readers already saw), so nothing stays held, hanging or half-written. A job
 * that ends normally deletes its own row.
 */
export class JobRecovery {
  private tasks: PeriodicTask[] = [];

  constructor(private readonly deps: RecoveryDeps) {}

  async register(jobId: string, userId: string): Promise<void> {
    await this.deps.repo.insertJob({ id: jobId, userId, instanceId: this.deps.liveness.instanceId, startedAt: this.deps.now().toISOString() });
  }

  async unregister(jobId: string): Promise<void> {
    await this.deps.repo.deleteJobs([jobId]);
  }

  /** At startup: this instance runs nothing yet, so its rows are from before a crash. Then the periodic sweep. */
  async start(): Promise<void> {
    await this.deps.liveness.beat();
    await this.recover(await this.deps.repo.jobsOf([this.deps.liveness.instanceId]));
    await this.sweep();
    // Two tasks, so a long sweep never delays the beat that keeps this instance alive to the others.
    this.tasks = [
      startPeriodicTask('chat job heartbeat', () => this.deps.liveness.beat(), this.deps.heartbeatMs, this.deps.log),
      startPeriodicTask('chat job recovery', () => this.sweep(), this.deps.heartbeatMs, this.deps.log),
    ];
  }

  /** Stops the beat and the sweeps, waiting for the runs in progress. */
  async stop(): Promise<void> {
    const tasks = this.tasks;
    this.tasks = [];
    await Promise.all(tasks.map((task) => task.stop()));
  }

  /** Recovers the jobs of dead instances. Answers how many jobs. */
  async sweep(): Promise<number> {
    const cutoff = this.deps.liveness.cutoff();
    const dead = await this.deps.liveness.dead(cutoff);
    if (dead.length === 0) return 0;
    const count = await this.recover(await this.deps.repo.jobsOf(dead));
    await this.deps.repo.forgetSilent(dead, cutoff);
    return count;
  }

  private async recover(jobIds: string[]): Promise<number> {
    if (jobIds.length === 0) return 0;
    for (const id of jobIds) {
      await this.deps.refund(id).catch((error: Error) => this.deps.log.warn({ err: error, jobId: id }, 'refund of an interrupted job failed'));
      await this.keepPartial(id).catch((error: Error) => this.deps.log.warn({ err: error, jobId: id }, 'ending an interrupted job log failed'));
    }
    // The answers without a log (no shared log, or it expired) end without their text.
    await this.deps.failGenerating(jobIds, INTERRUPTED_MESSAGE);
    await this.deps.repo.deleteJobs(jobIds);
    this.deps.log.info(`recovered ${jobIds.length} interrupted chat jobs`);
    return jobIds.length;
  }

  private async keepPartial(jobId: string): Promise<void> {
    const entries = await this.deps.store.endOrphan(jobId, (meta) => interruptedChunk(jobId, meta.convGroupId));
    if (!entries) return;
    const partial = partialAnswerOf(entries);
    // A call still running when the instance died never answered.
    const toolCalls = partial.toolCalls.map((call) => (call.status === 'running' ? { ...call, status: 'failed' as const, result: INTERRUPTED_MESSAGE } : call));
    await this.deps.finishAnswer(jobId, { ...partial, toolCalls, followUps: [], status: 'failed', error: INTERRUPTED_MESSAGE, offlineDemo: false, usage: null });
  }
}
