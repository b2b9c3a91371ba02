import type { Kysely, Selectable } from 'kysely';
import type { ConversationShareTable, Database } from '../../db/schema.js';

export type ShareRow = Selectable<ConversationShareTable>;

/** True when a write referred to a row that is not there (the conversation was deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** SQL of share pages; the same queries on SQLite and PostgreSQL. */
export class ShareRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(convGroupId: string): Promise<ShareRow | undefined> {
    return this.db.selectFrom('conversation_shares').selectAll().where('conv_group_id', '=', convGroupId).executeTakeFirst();
  }

  /** Publishes or refreshes the page: the new snapshot, public again if it was revoked. */
  async publish(row: { conv_group_id: string; user_id: string; snapshot: string; shared_at: string }): Promise<void> {
    await this.db
      .insertInto('conversation_shares')
      .values({ ...row, revoked_at: null })
      .onConflict((oc) => oc.column('conv_group_id').doUpdateSet({ snapshot: row.snapshot, shared_at: row.shared_at, revoked_at: null }))
      .execute();
  }

  /** Withdraws the page and forgets its snapshot; false when it was not public. */
  async revoke(convGroupId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('conversation_shares')
      .set({ snapshot: null, revoked_at: at })
      .where('conv_group_id', '=', convGroupId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The snapshot of a public page; undefined when there is none (never shared, revoked, or deleted with its conversation). */
  async publicSnapshot(convGroupId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('conversation_shares')
      .select('snapshot')
      .where('conv_group_id', '=', convGroupId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.snapshot ?? undefined;
  }

  /** The snapshots of those pages that are public, by id. */
  async publicSnapshots(convGroupIds: readonly string[]): Promise<Map<string, string>> {
    if (!convGroupIds.length) return new Map();
    const rows = await this.db
      .selectFrom('conversation_shares')
      .select(['conv_group_id', 'snapshot'])
      .where('conv_group_id', 'in', convGroupIds)
      .where('revoked_at', 'is', null)
      .where('snapshot', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.conv_group_id, row.snapshot!]));
  }
}
