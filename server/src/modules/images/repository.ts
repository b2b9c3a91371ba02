import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { GallerySort, ImageTaskStatus } from '@qiming/contracts';
import type { Database, ImageReferenceTable, ImageTable, ImageTaskTable } from '../../db/schema.js';
import type { DialectName } from '../../db/database.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';

export type TaskRow = Selectable<ImageTaskTable>;
export type ImageRow = Selectable<ImageTable>;
export type ReferenceRow = Selectable<ImageReferenceTable>;
export type NewTask = Omit<TaskRow, 'progress' | 'descriptions' | 'offline_demo' | 'error' | 'provider_state' | 'claimed_by' | 'heartbeat_at' | 'started_at' | 'finished_at' | 'status'>;

/** A shared image with what the gallery shows of its task and sharer. */
export interface GalleryRow extends ImageRow {
  prompt: string;
  negative_prompt: string;
  model: string;
  model_name: string;
  aspect: TaskRow['aspect'];
  seed: number | null;
  offline_demo: number;
  author: string;
  liked: number;
}

export type InsertOutcome = 'inserted' | 'tooManyActive' | 'actionUsed';

/** What a finished run writes. */
export interface SucceededFields {
  descriptions: string[];
  providerState: unknown;
  seed: number | null;
  offlineDemo: boolean;
  /** What the delivered part of the holds comes to (the settle that follows writes the exact charge). */
  points: number;
  images: Omit<ImageRow, 'shared' | 'shared_at' | 'likes'>[];
}

const ACTIVE: ImageTaskStatus[] = ['queued', 'running'];

/** SQL of image tasks, images, likes and reference images; the same queries on SQLite and PostgreSQL. */
export class ImagesRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  // Tasks.

  countActive(userId: string, db: Kysely<Database> = this.db): Promise<number> {
    return db
      .selectFrom('image_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ACTIVE)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /**
   * Writes a queued task unless the user already has `maxActive` queued or running: the count and
   * the insert are one transaction, serialised per user (PostgreSQL: the user's row locked; SQLite:
   * BEGIN IMMEDIATE), so concurrent submits cannot pass the limit together.
   */
  async insertQueued(task: NewTask, maxActive: number): Promise<InsertOutcome> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (this.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', task.user_id).forUpdate().execute();
        if ((await this.countActive(task.user_id, trx)) >= maxActive) return 'tooManyActive';
        await trx.insertInto('image_tasks').values({ ...task, status: 'queued' }).execute();
        return 'inserted';
      });
    } catch (error) {
      if (isUniqueViolation(error) && task.action_key !== null) return 'actionUsed';
      throw error;
    }
  }

  task(id: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom('image_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The live task holding an upscale's key (the first of two of the same quadrant). */
  taskByActionKey(actionKey: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom('image_tasks').selectAll().where('action_key', '=', actionKey).executeTakeFirst();
  }

  async history(userId: string, kinds: readonly string[] | null, offset: number, limit: number): Promise<{ rows: TaskRow[]; total: number }> {
    let query = this.db.selectFrom('image_tasks').where('user_id', '=', userId);
    if (kinds) query = query.where('kind', 'in', kinds as TaskRow['kind'][]);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Marks a running task of this instance succeeded and writes its images, together; false when it is no longer this instance's. */
  async finishSucceeded(id: string, instanceId: string, fields: SucceededFields, at: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('image_tasks')
        .set({
          status: 'succeeded',
          progress: 100,
          descriptions: JSON.stringify(fields.descriptions),
          provider_state: fields.providerState === undefined ? null : JSON.stringify(fields.providerState),
          seed: fields.seed,
          offline_demo: fields.offlineDemo ? 1 : 0,
          points: fields.points,
          finished_at: at,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('claimed_by', '=', instanceId)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      if (fields.images.length) await trx.insertInto('images').values(fields.images).execute();
      return true;
    });
  }

  async setCharged(id: string, points: number): Promise<void> {
    await this.db.updateTable('image_tasks').set({ points }).where('id', '=', id).execute();
  }

  /** Deletes a finished task and its images (likes go with them); the storage keys to remove. Null when it is not the user's or not finished. */
  async deleteFinished(userId: string, id: string): Promise<string[] | null> {
    return this.db.transaction().execute(async (trx) => {
      const images = await trx.selectFrom('images').select(['original_key', 'thumb_key']).where('task_id', '=', id).execute();
      const deleted = await trx.deleteFrom('image_tasks').where('id', '=', id).where('user_id', '=', userId).where('status', 'in', ['succeeded', 'failed']).executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return null;
      // The images go by the foreign key's cascade; said here too, so no row depends on it.
      await trx.deleteFrom('images').where('task_id', '=', id).execute();
      return images.flatMap((image) => [image.original_key, image.thumb_key]);
    });
  }

  // Images.

  imagesOf(taskIds: string[]): Promise<ImageRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('images').selectAll().where('task_id', 'in', taskIds).orderBy('task_id').orderBy('idx').execute();
  }

  image(id: string): Promise<ImageRow | undefined> {
    return this.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Shares (or takes off the gallery) the user's image; false when it is not theirs. Sharing again keeps the first share time. */
  async setShared(userId: string, imageId: string, shared: boolean, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('images')
      .set(shared ? { shared: 1, shared_at: sql<string>`coalesce(shared_at, ${at})` } : { shared: 0, shared_at: null })
      .where('id', '=', imageId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Shared images with their task's fields, the sharer's name and whether the viewer likes each. */
  private galleryQuery(viewerId: string | null) {
    return this.db
      .selectFrom('images')
      .where('images.shared', '=', 1)
      .innerJoin('image_tasks as t', 't.id', 'images.task_id')
      .innerJoin('users as u', 'u.id', 'images.user_id')
      .leftJoin('image_likes as l', (join) => join.onRef('l.image_id', '=', 'images.id').on('l.user_id', '=', viewerId ?? ''))
      .selectAll('images')
      .select(['t.prompt', 't.negative_prompt', 't.model', 't.model_name', 't.aspect', 't.seed', 't.offline_demo', 'u.username as author'])
      .select((eb) => eb.case().when('l.user_id', 'is not', null).then(1).else(0).end().as('liked'));
  }

  async gallery(sort: GallerySort, viewerId: string | null, offset: number, limit: number): Promise<{ rows: GalleryRow[]; total: number }> {
    let query = this.galleryQuery(viewerId);
    query = sort === 'likes' ? query.orderBy('images.likes', 'desc').orderBy('images.shared_at', 'desc') : query.orderBy('images.shared_at', 'desc');
    const [rows, total] = await Promise.all([
      query.orderBy('images.id', 'desc').offset(offset).limit(limit).execute(),
      this.db.selectFrom('images').where('shared', '=', 1).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as GalleryRow[], total: Number(total.n) };
  }

  async sharedImage(imageId: string, viewerId: string | null): Promise<GalleryRow | undefined> {
    return (await this.galleryQuery(viewerId).where('images.id', '=', imageId).executeTakeFirst()) as GalleryRow | undefined;
  }

  /**
   * Likes (or unlikes) a shared image: the like row and the count change in one transaction, the
   * count only when the row was really added (removed), so repeats and concurrent requests leave
   * it exact. Null when the image is not shared.
   */
  async setLike(imageId: string, userId: string, like: boolean, at: string): Promise<{ liked: boolean; likes: number } | null> {
    return this.db.transaction().execute(async (trx) => {
      const shared = await this.lockShared(trx, imageId);
      if (!shared) return null;
      const changed = like
        ? await trx.insertInto('image_likes').values({ image_id: imageId, user_id: userId, created_at: at }).onConflict((oc) => oc.columns(['image_id', 'user_id']).doNothing()).executeTakeFirst().then((r) => Number(r.numInsertedOrUpdatedRows ?? 0n))
        : await trx.deleteFrom('image_likes').where('image_id', '=', imageId).where('user_id', '=', userId).executeTakeFirst().then((r) => Number(r.numDeletedRows));
      if (changed > 0) await trx.updateTable('images').set((eb) => ({ likes: eb('likes', like ? '+' : '-', 1) })).where('id', '=', imageId).execute();
      const row = await trx.selectFrom('images').select('likes').where('id', '=', imageId).executeTakeFirstOrThrow();
      return { liked: like, likes: Number(row.likes) };
    });
  }

  /** The image if shared, its row locked (PostgreSQL) so the count update that follows is in order. */
  private async lockShared(trx: Transaction<Database>, imageId: string): Promise<boolean> {
    let query = trx.selectFrom('images').select('id').where('id', '=', imageId).where('shared', '=', 1);
    if (this.dialect === 'postgres') query = query.forUpdate();
    return (await query.executeTakeFirst()) !== undefined;
  }

  async likeState(imageId: string, userId: string): Promise<boolean> {
    return (await this.db.selectFrom('image_likes').select('image_id').where('image_id', '=', imageId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  }

  // Reference images.

  async insertReference(row: ReferenceRow): Promise<void> {
    await this.db.insertInto('image_references').values(row).execute();
  }

  reference(id: string): Promise<ReferenceRow | undefined> {
    return this.db.selectFrom('image_references').selectAll().where('id', '=', id).executeTakeFirst();
  }

  referencesOf(userId: string, ids: string[]): Promise<ReferenceRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('image_references').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
  }
}
