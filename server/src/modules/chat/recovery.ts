import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface RecoveryDeps {
  db: Kysely<Database>;
  instanceId: string;
  /** An instance whose heartbeat is older than this is dead; its jobs are recovered. */
  deadAfterMs: number;
  heartbeatMs: number;
  now: () => Date;
  refund(generationId: string): Promise<unknown>;
  failGenerating(nodeIds: string[], error: string): Promise<number>;
  log: { info(msg: string): void; warn(obj: object, msg: string): void };
}

export const INTERRUPTED_MESSAGE = '服务中断，本次回复未完成，请重新生成，未生成成功不扣积分。';

/**
 * Crash safety for generations. Each running job has a row naming its instance; each instance
 * beats a heartbeat. Jobs of an instance that stopped beating — or of this instance's previous
 * life, found at startup — get their points hold refunded and their answer node marked failed,
 * so nothing stays held or half-written. A job that ends normally deletes its own row.
 */
export class JobRecovery {
  private timer?: NodeJS.Timeout;

  constructor(private readonly deps: RecoveryDeps) {}

  async register(jobId: string, userId: string): Promise<void> {
    await this.deps.db.insertInto('chat_jobs').values({ id: jobId, user_id: userId, instance_id: this.deps.instanceId, started_at: this.deps.now().toISOString() }).execute();
  }

  async unregister(jobId: string): Promise<void> {
    await this.deps.db.deleteFrom('chat_jobs').where('id', '=', jobId).execute();
  }

  /** At startup: this instance runs nothing yet, so its rows are from before a crash. Then the periodic sweep. */
  async start(): Promise<void> {
    await this.beat();
    await this.recover(await this.jobsOf([this.deps.instanceId]));
    await this.sweep();
    this.timer = setInterval(() => {
      void this.beat()
        .then(() => this.sweep())
        .catch((error: Error) => this.deps.log.warn({ err: error }, 'chat job recovery failed'));
    }, this.deps.heartbeatMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async beat(): Promise<void> {
    const at = this.deps.now().toISOString();
    const { db, instanceId } = this.deps;
    const updated = await db.updateTable('chat_instances').set({ heartbeat_at: at }).where('id', '=', instanceId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await db
        .insertInto('chat_instances')
        .values({ id: instanceId, heartbeat_at: at })
        .onConflict((c) => c.column('id').doUpdateSet({ heartbeat_at: at }))
        .execute();
    }
  }

  /** Recovers the jobs of instances that stopped beating. Answers how many jobs. */
  async sweep(): Promise<number> {
    const cutoff = new Date(this.deps.now().getTime() - this.deps.deadAfterMs).toISOString();
    const dead = await this.deps.db.selectFrom('chat_instances').select('id').where('heartbeat_at', '<', cutoff).where('id', '!=', this.deps.instanceId).execute();
    if (dead.length === 0) return 0;
    const count = await this.recover(await this.jobsOf(dead.map((row) => row.id)));
    await this.deps.db.deleteFrom('chat_instances').where('heartbeat_at', '<', cutoff).where('id', '!=', this.deps.instanceId).execute();
    return count;
  }

  private async jobsOf(instanceIds: string[]): Promise<string[]> {
    const rows = await this.deps.db.selectFrom('chat_jobs').select('id').where('instance_id', 'in', instanceIds).execute();
    return rows.map((row) => row.id);
  }

  private async recover(jobIds: string[]): Promise<number> {
    if (jobIds.length === 0) return 0;
    for (const id of jobIds) await this.deps.refund(id).catch((error: Error) => this.deps.log.warn({ err: error, jobId: id }, 'refund of an interrupted job failed'));
    await this.deps.failGenerating(jobIds, INTERRUPTED_MESSAGE);
    await this.deps.db.deleteFrom('chat_jobs').where('id', 'in', jobIds).execute();
    this.deps.log.info(`recovered ${jobIds.length} interrupted chat jobs`);
    return jobIds.length;
  }
}
