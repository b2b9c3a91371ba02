import type { Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type QueueStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/**
 * The columns every durable task table has (image_tasks, video_tasks, …), beside its own: a task is
 * queued → running (claimed by one instance, which beats `heartbeat_at`) → succeeded | failed.
 * Timestamps are ISO-8601 text, as everywhere.
 */
export interface QueueColumns {
  id: string;
  user_id: string;
  status: QueueStatus;
  progress: Generated<number>;
  error: string | null;
  claimed_by: string | null;
  heartbeat_at: string | null;
  started_at: string | null;
  created_at: string;
  finished_at: string | null;
}

/** What the runner reads of a task row. */
export interface QueuedTask {
  id: string;
  status: QueueStatus;
  claimed_by: string | null;
}

/** Which tasks a failure may end: still in one of `from`, and for a running one still claimed by `instanceId` or silent since `staleBefore`. */
export interface FailGuard {
  from: QueueStatus[];
  instanceId?: string;
  staleBefore?: string;
}

/** The queue operations of one task table, guarded so that two instances never act on one task. */
export interface TaskQueue<T extends QueuedTask> {
  /** Takes the oldest queued task for this instance (a guarded update: of two instances only one gets it). */
  claimNext(instanceId: string, at: string): Promise<T | undefined>;
  beat(ids: string[], instanceId: string, at: string): Promise<void>;
  saveProgress(id: string, instanceId: string, progress: number): Promise<void>;
  /** False when something else ended the task first. */
  finishFailed(id: string, guard: FailGuard, error: string, at: string): Promise<boolean>;
  /** A task this instance was running goes back to the queue (a graceful stop). */
  requeue(id: string, instanceId: string): Promise<void>;
  /** Running tasks silent since `cutoff` (their instance died), or of `instanceId` (this instance before a crash). */
  orphanedRunning(cutoff: string, instanceId: string): Promise<T[]>;
  /** Queued tasks waiting since before `cutoff`. */
  queuedBefore(cutoff: string): Promise<T[]>;
}

/** Task tables of the schema: those with every queue column. */
export type TaskTableName = {
  [K in keyof Database]: Database[K] extends QueueColumns ? K : never;
}[keyof Database];

export interface TableQueueOptions {
  /** More columns a failure sets (e.g. `points: 0`, or a uniqueness key freed). */
  onFail?: Record<string, string | number | null>;
}

/**
 * The queue over a task table, the same SQL on SQLite and PostgreSQL. The table is named at run time,
 * so the queries are typed against the queue columns only.
 */
export function tableQueue<Row extends QueuedTask>(db: Kysely<Database>, table: TaskTableName, options: TableQueueOptions = {}): TaskQueue<Row> {
  const q = db as unknown as Kysely<Record<string, QueueColumns>>;
  const byId = (id: string) => q.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<Row | undefined>;
  return {
    async claimNext(instanceId, at) {
      for (let round = 0; round < 3; round++) {
        const candidates = await q.selectFrom(table).select('id').where('status', '=', 'queued').orderBy('created_at').orderBy('id').limit(5).execute();
        if (candidates.length === 0) return undefined;
        for (const { id } of candidates) {
          const claimed = await q
            .updateTable(table)
            .set({ status: 'running', claimed_by: instanceId, heartbeat_at: at, started_at: at, progress: 0 })
            .where('id', '=', id)
            .where('status', '=', 'queued')
            .executeTakeFirst();
          if (claimed.numUpdatedRows > 0n) return byId(id);
        }
      }
      return undefined;
    },
    async beat(ids, instanceId, at) {
      if (ids.length === 0) return;
      await q.updateTable(table).set({ heartbeat_at: at }).where('id', 'in', ids).where('claimed_by', '=', instanceId).where('status', '=', 'running').execute();
    },
    async saveProgress(id, instanceId, progress) {
      await q.updateTable(table).set({ progress }).where('id', '=', id).where('claimed_by', '=', instanceId).where('status', '=', 'running').execute();
    },
    async finishFailed(id, guard, error, at) {
      let query = q
        .updateTable(table)
        .set({ ...(options.onFail ?? {}), status: 'failed', error, finished_at: at } as { status: QueueStatus; error: string; finished_at: string })
        .where('id', '=', id)
        .where('status', 'in', guard.from);
      if (guard.instanceId !== undefined) query = query.where('claimed_by', '=', guard.instanceId);
      if (guard.staleBefore !== undefined) query = query.where('heartbeat_at', '<', guard.staleBefore);
      return (await query.executeTakeFirst()).numUpdatedRows > 0n;
    },
    async requeue(id, instanceId) {
      await q
        .updateTable(table)
        .set({ status: 'queued', claimed_by: null, heartbeat_at: null, started_at: null, progress: 0 })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('claimed_by', '=', instanceId)
        .execute();
    },
    async orphanedRunning(cutoff, instanceId) {
      return (await q
        .selectFrom(table)
        .selectAll()
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('heartbeat_at', '<', cutoff), eb('claimed_by', '=', instanceId)]))
        .execute()) as unknown as Row[];
    },
    async queuedBefore(cutoff) {
      return (await q.selectFrom(table).selectAll().where('status', '=', 'queued').where('created_at', '<', cutoff).execute()) as unknown as Row[];
    },
  };
}
