import type { Kysely, Selectable } from 'kysely';
import type { Database, WhiteboardTable } from '../../db/schema.js';

export type WhiteboardRow = Selectable<WhiteboardTable>;
export type SummaryRow = Omit<WhiteboardRow, 'scene'>;
export type SceneFields = Pick<WhiteboardRow, 'scene' | 'bytes' | 'element_count'>;

const SUMMARY_COLUMNS = ['id', 'user_id', 'title', 'bytes', 'element_count', 'version', 'created_at', 'updated_at'] as const;

/** SQL of whiteboards; every query is scoped to the owner. The same on SQLite and PostgreSQL. */
export class WhiteboardsRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insert(row: WhiteboardRow): Promise<void> {
    await this.db.insertInto('whiteboards').values(row).execute();
  }

  list(userId: string): Promise<SummaryRow[]> {
    return this.db.selectFrom('whiteboards').select(SUMMARY_COLUMNS).where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
  }

  async count(userId: string): Promise<number> {
    const row = await this.db.selectFrom('whiteboards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  get(userId: string, id: string): Promise<WhiteboardRow | undefined> {
    return this.db.selectFrom('whiteboards').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  summary(userId: string, id: string): Promise<SummaryRow | undefined> {
    return this.db.selectFrom('whiteboards').select(SUMMARY_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** Writes the scene only when the board is still at `version` (one guarded update); false otherwise. */
  async saveScene(userId: string, id: string, version: number, fields: SceneFields, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('whiteboards')
      .set({ ...fields, version: version + 1, updated_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('version', '=', version)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async rename(userId: string, id: string, title: string, at: string): Promise<boolean> {
    const result = await this.db.updateTable('whiteboards').set({ title, updated_at: at }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('whiteboards').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
