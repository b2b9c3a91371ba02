import type { Kysely, Selectable } from 'kysely';
import type { DeckOutline, Slide, SlideTemplateId } from '@qiming/contracts';
import type { Database, SlideDeckTable, SlideTaskTable } from '../../db/schema.js';

export type DeckRow = Selectable<SlideDeckTable>;
export type TaskRow = Selectable<SlideTaskTable>;
export type NewDeck = Omit<DeckRow, 'outline_writing' | 'outline_error' | 'outline_offline' | 'slides' | 'task_id'>;
export type NewTask = Pick<TaskRow, 'id' | 'user_id' | 'deck_id' | 'price_model' | 'writer_model' | 'template_id' | 'outline' | 'total' | 'points' | 'offline_demo' | 'created_at'>;

/** SQL of decks and their generations; the same queries on SQLite and PostgreSQL. */
export class SlidesRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insertDeck(deck: NewDeck): Promise<void> {
    await this.db.insertInto('slide_decks').values({ ...deck, outline_writing: 1 }).execute();
  }

  deck(id: string): Promise<DeckRow | undefined> {
    return this.db.selectFrom('slide_decks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  task(id: string | null): Promise<TaskRow | undefined> {
    if (!id) return Promise.resolve(undefined);
    return this.db.selectFrom('slide_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * A deck with its current generation as of one moment. A task's slides are saved on the deck in
   * the transaction that counts them, and the task succeeds after: the deck is read again after its
   * task, or a deck read first could show a slide fewer than a task that has since succeeded.
   */
  async deckWithTask(id: string): Promise<{ deck: DeckRow; task: TaskRow | undefined } | undefined> {
    let deck = await this.deck(id);
    for (let attempt = 0; deck?.task_id && attempt < 3; attempt++) {
      const taskId = deck.task_id;
      const task = await this.task(taskId);
      deck = await this.deck(id);
      if (deck?.task_id === taskId) return { deck, task };
    }
    return deck && { deck, task: await this.task(deck.task_id) };
  }

  async tasksOf(ids: string[]): Promise<Map<string, TaskRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('slide_tasks').selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async list(userId: string, offset: number, limit: number): Promise<{ rows: DeckRow[]; total: number }> {
    const query = this.db.selectFrom('slide_decks').where('user_id', '=', userId);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Outlines being written (beating since `freshSince`) and generations queued or running of the user. */
  async countActive(userId: string, freshSince: string): Promise<number> {
    const [outlines, tasks] = await Promise.all([
      this.db.selectFrom('slide_decks').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('outline_writing', '=', 1).where('outline_beat', '>=', freshSince).executeTakeFirstOrThrow(),
      this.db.selectFrom('slide_tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow(),
    ]);
    return Number(outlines.n) + Number(tasks.n);
  }

  // The outline.

  /** Starts writing the outline again (a failed or interrupted one, or on request); false when it is being written or generated. */
  async beginOutline(userId: string, id: string, at: string, staleBefore: string): Promise<boolean> {
    const result = await this.db
      .updateTable('slide_decks')
      .set({ outline_writing: 1, outline_beat: at, outline_error: null, updated_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('outline_writing', '=', 0), eb('outline_beat', '<', staleBefore)]))
      .where((eb) => eb.or([eb('task_id', 'is', null), eb('task_id', 'not in', eb.selectFrom('slide_tasks').select('id').where('status', 'in', ['queued', 'running']))]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** What the writer has so far; false when the deck is gone or no longer being written (deleted, or taken over). */
  async saveOutlineProgress(id: string, beat: string, outline: DeckOutline, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('slide_decks')
      .set({ outline: JSON.stringify(outline), outline_beat: at })
      .where('id', '=', id)
      .where('outline_writing', '=', 1)
      .where('outline_beat', '=', beat)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async finishOutline(id: string, beat: string, fields: { outline: DeckOutline; title: string; offline: boolean; error: string | null }, at: string): Promise<void> {
    await this.db
      .updateTable('slide_decks')
      .set({ outline: JSON.stringify(fields.outline), title: fields.title, outline_offline: fields.offline ? 1 : 0, outline_error: fields.error, outline_writing: 0, outline_beat: at, updated_at: at })
      .where('id', '=', id)
      .where('outline_writing', '=', 1)
      .where('outline_beat', '=', beat)
      .execute();
  }

  /** The user's outline; false while it is being written or the deck is generating. */
  async saveOutline(userId: string, id: string, outline: DeckOutline, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('slide_decks')
      .set({ outline: JSON.stringify(outline), updated_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('outline_writing', '=', 0)
      .where((eb) => eb.or([eb('task_id', 'is', null), eb('task_id', 'not in', eb.selectFrom('slide_tasks').select('id').where('status', 'in', ['queued', 'running']))]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async rename(userId: string, id: string, title: string, at: string): Promise<boolean> {
    const result = await this.db.updateTable('slide_decks').set({ title, updated_at: at }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // Generations.

  /**
   * Queues a generation: the task row, and the deck pointed at it with the confirmed outline and
   * template and no slides — only if the deck still has `previousTaskId` and no outline being
   * written (so two starts of one deck cannot both pass). False otherwise (nothing written).
   */
  async queueTask(task: NewTask, deck: { previousTaskId: string | null; outline: DeckOutline; templateId: SlideTemplateId }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.insertInto('slide_tasks').values({ ...task, status: 'queued' }).execute();
      let update = trx
        .updateTable('slide_decks')
        .set({ task_id: task.id, outline: JSON.stringify(deck.outline), template_id: deck.templateId, slides: '[]', updated_at: task.created_at })
        .where('id', '=', task.deck_id)
        .where('user_id', '=', task.user_id)
        .where('outline_writing', '=', 0);
      update = deck.previousTaskId === null ? update.where('task_id', 'is', null) : update.where('task_id', '=', deck.previousTaskId);
      if ((await update.executeTakeFirst()).numUpdatedRows === 0n) {
        await trx.deleteFrom('slide_tasks').where('id', '=', task.id).execute();
        return false;
      }
      return true;
    });
  }

  /** The slides done so far of a running task of this instance (on the deck too); false when the task is no longer this instance's. */
  async saveSlides(task: Pick<TaskRow, 'id' | 'deck_id'>, instanceId: string, slides: Slide[], at: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('slide_tasks').set({ slides_done: slides.length }).where('id', '=', task.id).where('status', '=', 'running').where('claimed_by', '=', instanceId).executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await trx.updateTable('slide_decks').set({ slides: JSON.stringify(slides), updated_at: at }).where('id', '=', task.deck_id).where('task_id', '=', task.id).execute();
      return true;
    });
  }

  async finishSucceeded(id: string, instanceId: string, offlineDemo: boolean, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('slide_tasks')
      .set({ status: 'succeeded', progress: 100, offline_demo: offlineDemo ? 1 : 0, finished_at: at })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('claimed_by', '=', instanceId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setCharged(id: string, points: number): Promise<void> {
    await this.db.updateTable('slide_tasks').set({ points }).where('id', '=', id).execute();
  }

  /** Deletes the user's deck and its generations unless one is queued or running; 'busy' then, 'missing' when it is not theirs. */
  async deleteDeck(userId: string, id: string): Promise<'deleted' | 'busy' | 'missing'> {
    return this.db.transaction().execute(async (trx) => {
      const own = await trx.selectFrom('slide_decks').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!own) return 'missing';
      const active = await trx.selectFrom('slide_tasks').select('id').where('deck_id', '=', id).where('status', 'in', ['queued', 'running']).executeTakeFirst();
      if (active) return 'busy';
      await trx.deleteFrom('slide_tasks').where('deck_id', '=', id).where('user_id', '=', userId).execute();
      const deleted = await trx.deleteFrom('slide_decks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return deleted.numDeletedRows > 0n ? 'deleted' : 'missing';
    });
  }
}
