import type { Kysely, Selectable } from 'kysely';
import type { Database, PaperCheckTable, PaperDocumentTable } from '../../db/schema.js';

export type DocumentRow = Selectable<PaperDocumentTable>;
export type CheckRow = Selectable<PaperCheckTable>;
export type NewCheck = Pick<CheckRow, 'id' | 'user_id' | 'document_id' | 'document_name' | 'detector' | 'price_model' | 'points' | 'offline_demo' | 'created_at'>;

/** SQL of papers and their checks; the same queries on SQLite and PostgreSQL. */
export class PaperCheckRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insertDocument(row: DocumentRow): Promise<void> {
    await this.db.insertInto('paper_documents').values(row).execute();
  }

  ownDocument(userId: string, id: string): Promise<DocumentRow | undefined> {
    return this.db.selectFrom('paper_documents').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  documentText(id: string): Promise<string | undefined> {
    return this.db.selectFrom('paper_documents').select('text').where('id', '=', id).executeTakeFirst().then((row) => row?.text);
  }

  /** The user's papers uploaded before `before` that no check uses (uploaded and never checked). */
  async pruneUnchecked(userId: string, before: string): Promise<void> {
    await this.db
      .deleteFrom('paper_documents')
      .where('user_id', '=', userId)
      .where('created_at', '<', before)
      .where('id', 'not in', this.db.selectFrom('paper_checks').select('document_id').where('user_id', '=', userId))
      .execute();
  }

  check(id: string): Promise<CheckRow | undefined> {
    return this.db.selectFrom('paper_checks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countActive(userId: string): Promise<number> {
    const row = await this.db.selectFrom('paper_checks').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertCheck(check: NewCheck): Promise<void> {
    await this.db.insertInto('paper_checks').values({ ...check, status: 'queued' }).execute();
  }

  async list(userId: string, offset: number, limit: number): Promise<{ rows: CheckRow[]; total: number }> {
    const query = this.db.selectFrom('paper_checks').where('user_id', '=', userId);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async finishSucceeded(id: string, instanceId: string, report: string, offlineDemo: boolean, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('paper_checks')
      .set({ status: 'succeeded', progress: 100, report, offline_demo: offlineDemo ? 1 : 0, finished_at: at })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('claimed_by', '=', instanceId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setCharged(id: string, points: number): Promise<void> {
    await this.db.updateTable('paper_checks').set({ points }).where('id', '=', id).execute();
  }

  /**
   * Deletes the user's check unless it is queued or running ('busy'), and its paper when no other
   * check uses it; 'missing' when it is not theirs.
   */
  async deleteCheck(userId: string, id: string): Promise<'deleted' | 'busy' | 'missing'> {
    return this.db.transaction().execute(async (trx) => {
      const own = await trx.selectFrom('paper_checks').select(['status', 'document_id']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!own) return 'missing';
      if (own.status === 'queued' || own.status === 'running') return 'busy';
      const deleted = await trx.deleteFrom('paper_checks').where('id', '=', id).where('user_id', '=', userId).where('status', 'in', ['succeeded', 'failed']).executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return 'busy';
      const others = await trx.selectFrom('paper_checks').select('id').where('document_id', '=', own.document_id).executeTakeFirst();
      if (!others) await trx.deleteFrom('paper_documents').where('id', '=', own.document_id).where('user_id', '=', userId).execute();
      return 'deleted';
    });
  }
}
