import type { Kysely, Selectable } from 'kysely';
import type { VideoTaskStatus } from '@qiming/contracts';
import type { Database, VideoTaskTable } from '../../db/schema.js';
import type { DialectName } from '../../db/database.js';

export type VideoTaskRow = Selectable<VideoTaskTable>;
export type NewVideoTask = Pick<VideoTaskRow, 'id' | 'user_id' | 'kind' | 'model' | 'model_name' | 'prompt' | 'first_frame_id' | 'duration_seconds' | 'aspect' | 'points' | 'created_at'>;

/** What a finished run writes. */
export interface VideoResultFields {
  videoKey: string;
  videoMime: string;
  posterKey: string | null;
  width: number;
  height: number;
  durationMs: number;
  bytes: number;
  providerState: unknown;
  offlineDemo: boolean;
}

const ACTIVE: VideoTaskStatus[] = ['queued', 'running'];

/** SQL of video tasks; the same queries on SQLite and PostgreSQL. */
export class VideoRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  countActive(userId: string, db: Kysely<Database> = this.db): Promise<number> {
    return db
      .selectFrom('video_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ACTIVE)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /**
   * Writes a queued task unless the user already has `maxActive` queued or running: the count and
   * the insert are one transaction, serialised per user (PostgreSQL: the user's row locked; SQLite:
   * one writer at a time), so concurrent submits cannot pass the limit together.
   */
  async insertQueued(task: NewVideoTask, maxActive: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', task.user_id).forUpdate().execute();
      if ((await this.countActive(task.user_id, trx)) >= maxActive) return false;
      await trx.insertInto('video_tasks').values({ ...task, status: 'queued' }).execute();
      return true;
    });
  }

  task(id: string): Promise<VideoTaskRow | undefined> {
    return this.db.selectFrom('video_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async page(userId: string, offset: number, limit: number): Promise<{ rows: VideoTaskRow[]; total: number }> {
    const query = this.db.selectFrom('video_tasks').where('user_id', '=', userId);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async saveProviderState(id: string, instanceId: string, state: unknown): Promise<void> {
    await this.db.updateTable('video_tasks').set({ provider_state: JSON.stringify(state) }).where('id', '=', id).where('claimed_by', '=', instanceId).where('status', '=', 'running').execute();
  }

  /** Marks a running task of this instance succeeded with its result; false when it is no longer this instance's. */
  async finishSucceeded(id: string, instanceId: string, fields: VideoResultFields, at: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('video_tasks')
      .set({
        status: 'succeeded',
        progress: 100,
        video_key: fields.videoKey,
        video_mime: fields.videoMime,
        poster_key: fields.posterKey,
        width: fields.width,
        height: fields.height,
        result_ms: fields.durationMs,
        bytes: fields.bytes,
        provider_state: fields.providerState === undefined ? null : JSON.stringify(fields.providerState),
        offline_demo: fields.offlineDemo ? 1 : 0,
        finished_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('claimed_by', '=', instanceId)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  async setCharged(id: string, points: number): Promise<void> {
    await this.db.updateTable('video_tasks').set({ points }).where('id', '=', id).execute();
  }

  /** Deletes a finished task of the user; its storage keys to remove, or null when it is not theirs or not finished. */
  async deleteFinished(userId: string, id: string): Promise<string[] | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('video_tasks').select(['video_key', 'poster_key']).where('id', '=', id).where('user_id', '=', userId).where('status', 'in', ['succeeded', 'failed']).executeTakeFirst();
      if (!row) return null;
      await trx.deleteFrom('video_tasks').where('id', '=', id).execute();
      return [row.video_key, row.poster_key].filter((key): key is string => key !== null);
    });
  }
}
