import type { Kysely, Selectable } from 'kysely';
import type { Database, FeaturedConversationTable } from '../../db/schema.js';

export type FeaturedRow = Selectable<FeaturedConversationTable>;

/** The most the gallery lists (ops curate a few; a longer list would be a page of its own). */
export const FEATURED_MAX = 100;

/** SQL of the featured list; the same queries on SQLite and PostgreSQL. */
export class FeaturedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(limit = FEATURED_MAX): Promise<FeaturedRow[]> {
    return this.db.selectFrom('featured_conversations').selectAll().orderBy('sort_order').orderBy('created_at', 'desc').orderBy('conv_group_id').limit(limit).execute();
  }

  /** Adds it, or changes the title and order of one already featured. */
  async upsert(row: FeaturedRow): Promise<void> {
    await this.db
      .insertInto('featured_conversations')
      .values(row)
      .onConflict((oc) => oc.column('conv_group_id').doUpdateSet({ title: row.title, sort_order: row.sort_order }))
      .execute();
  }

  async remove(convGroupId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('featured_conversations').where('conv_group_id', '=', convGroupId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
