import type { Kysely, Selectable } from 'kysely';
import type { ChatUploadTable, Database } from '../../db/schema.js';

export type UploadRow = Selectable<ChatUploadTable>;

/** SQL of chat uploads; every read is scoped to the owner, so another user's id finds nothing. */
export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: UploadRow): Promise<void> {
    await this.db.insertInto('chat_uploads').values(row).execute();
  }

  findOwned(userId: string, id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('chat_uploads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** An upload by id, whoever uploaded it (for what another module shows publicly). */
  findById(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('chat_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The owner's uploads among `ids` (unknown and other users' ids are left out). */
  findOwnedMany(userId: string, ids: readonly string[]): Promise<UploadRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('chat_uploads').selectAll().where('user_id', '=', userId).where('id', 'in', [...ids]).execute();
  }

  async removeOwned(userId: string, id: string): Promise<void> {
    await this.db.deleteFrom('chat_uploads').where('id', '=', id).where('user_id', '=', userId).execute();
  }
}
