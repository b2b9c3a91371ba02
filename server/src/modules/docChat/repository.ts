import type { Kysely, Selectable } from 'kysely';
import type { Database, DocChatTable } from '../../db/schema.js';

export type DocChatRow = Selectable<DocChatTable>;

/** SQL of document chats; every read is scoped to the owner, so another user's id finds nothing. */
export class DocChatRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: DocChatRow): Promise<void> {
    await this.db.insertInto('doc_chats').values(row).execute();
  }

  owned(userId: string, id: string): Promise<DocChatRow | undefined> {
    return this.db.selectFrom('doc_chats').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The document of an upload: its PDF, or the Word file it was made from. */
  ownedByUpload(userId: string, uploadId: string): Promise<DocChatRow | undefined> {
    return this.db
      .selectFrom('doc_chats')
      .selectAll()
      .where((eb) => eb.or([eb('upload_id', '=', uploadId), eb('source_upload_id', '=', uploadId)]))
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  list(userId: string): Promise<DocChatRow[]> {
    return this.db.selectFrom('doc_chats').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  async count(userId: string): Promise<number> {
    const row = await this.db.selectFrom('doc_chats').where('user_id', '=', userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('doc_chats').where('id', '=', id).execute();
  }
}
