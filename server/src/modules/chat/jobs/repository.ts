import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** SQL of crash safety: a row per running job naming its instance, a heartbeat row per instance. */
export class ChatJobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertJob(job: { id: string; userId: string; instanceId: string; startedAt: string }): Promise<void> {
    await this.db.insertInto('chat_jobs').values({ id: job.id, user_id: job.userId, instance_id: job.instanceId, started_at: job.startedAt }).execute();
  }

  async deleteJobs(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('chat_jobs').where('id', 'in', ids).execute();
  }

  /** The jobs whose rows name one of these instances. */
  async jobsOf(instanceIds: readonly string[]): Promise<string[]> {
    if (instanceIds.length === 0) return [];
    const rows = await this.db.selectFrom('chat_jobs').select('id').where('instance_id', 'in', instanceIds).execute();
    return rows.map((row) => row.id);
  }

  async beat(instanceId: string, at: string): Promise<void> {
    const updated = await this.db.updateTable('chat_instances').set({ heartbeat_at: at }).where('id', '=', instanceId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await this.db
      .insertInto('chat_instances')
      .values({ id: instanceId, heartbeat_at: at })
      .onConflict((c) => c.column('id').doUpdateSet({ heartbeat_at: at }))
      .execute();
  }

  /** The instance's last heartbeat (ISO time); undefined when it has none (never beat, or recovered and forgotten). */
  async heartbeatOf(instanceId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('chat_instances').select('heartbeat_at').where('id', '=', instanceId).executeTakeFirst();
    return row?.heartbeat_at;
  }

  /** Instances other than `self` whose last heartbeat is before `cutoff`. */
  async silentSince(cutoff: string, self: string): Promise<string[]> {
    const rows = await this.db.selectFrom('chat_instances').select('id').where('heartbeat_at', '<', cutoff).where('id', '!=', self).execute();
    return rows.map((row) => row.id);
  }

  /** Forgets the instances among `ids` still silent since `cutoff` (one that beat meanwhile stays). */
  async forgetSilent(ids: readonly string[], cutoff: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('chat_instances').where('id', 'in', ids).where('heartbeat_at', '<', cutoff).execute();
  }
}
