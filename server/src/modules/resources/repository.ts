import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ResourceCategoryTable, ResourceFeedbackTable, ResourceItemTable } from '../../db/schema.js';
import type { CategoryEntry, DirectoryFile, ItemEntry } from './directoryFile.js';

export type CategoryRow = Selectable<ResourceCategoryTable>;
export type ItemRow = Selectable<ResourceItemTable>;
export type FeedbackRow = Selectable<ResourceFeedbackTable>;

const categoryColumns = (entry: CategoryEntry) => ({ parent_id: entry.parent, name: entry.name, icon: entry.icon, sort: entry.order });
const itemColumns = (entry: ItemEntry) => ({
  category_id: entry.category,
  name: entry.name,
  description: entry.description,
  url: entry.url,
  tags: JSON.stringify(entry.tags),
  sort: entry.order,
  hidden: entry.hidden ? (1 as const) : (0 as const),
});

/** SQL of the directory; the same queries on SQLite and PostgreSQL. */
export class ResourcesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  categories(): Promise<CategoryRow[]> {
    return this.db.selectFrom('resource_categories').selectAll().orderBy('sort').orderBy('id').execute();
  }

  items({ includeHidden }: { includeHidden: boolean }): Promise<ItemRow[]> {
    let query = this.db.selectFrom('resource_items').selectAll();
    if (!includeHidden) query = query.where('hidden', '=', 0);
    return query.orderBy('sort').orderBy('name').execute();
  }

  item(id: string): Promise<ItemRow | undefined> {
    return this.db.selectFrom('resource_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Writes a directory file in one transaction: categories (parents first) and items added or
   * changed by id. `onlyMissing`: rows that exist are left as they are (the seed at startup).
   * An item's uploaded icon is kept (files carry no icons).
   */
  async apply(file: DirectoryFile, at: string, { onlyMissing }: { onlyMissing: boolean }): Promise<{ categories: number; items: number }> {
    const categories = [...file.categories].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null));
    return this.db.transaction().execute(async (trx) => {
      const written = { categories: 0, items: 0 };
      for (const entry of categories) {
        const result = await trx
          .insertInto('resource_categories')
          .values({ id: entry.id, ...categoryColumns(entry), created_at: at, updated_at: at })
          .onConflict((oc) => (onlyMissing ? oc.column('id').doNothing() : oc.column('id').doUpdateSet({ ...categoryColumns(entry), updated_at: at })))
          .executeTakeFirst();
        written.categories += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      for (const entry of file.items) {
        const row: Insertable<ResourceItemTable> = { id: entry.id, ...itemColumns(entry), icon_key: null, created_at: at, updated_at: at };
        const result = await trx
          .insertInto('resource_items')
          .values(row)
          .onConflict((oc) => (onlyMissing ? oc.column('id').doNothing() : oc.column('id').doUpdateSet({ ...itemColumns(entry), updated_at: at })))
          .executeTakeFirst();
        written.items += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return written;
    });
  }

  async setHidden(id: string, hidden: boolean, at: string): Promise<boolean> {
    const result = await this.db.updateTable('resource_items').set({ hidden: hidden ? 1 : 0, updated_at: at }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setIcon(id: string, iconKey: string | null, at: string): Promise<void> {
    await this.db.updateTable('resource_items').set({ icon_key: iconKey, updated_at: at }).where('id', '=', id).execute();
  }

  async addFeedback(row: Insertable<ResourceFeedbackTable>): Promise<void> {
    await this.db.insertInto('resource_feedback').values(row).execute();
  }

  /** Feedback from `since` on (all when null), newest first, with the item's name. */
  feedback(since: string | null, limit: number) {
    let query = this.db
      .selectFrom('resource_feedback')
      .leftJoin('resource_items', 'resource_items.id', 'resource_feedback.item_id')
      .select(['resource_feedback.id', 'resource_feedback.item_id', 'resource_items.name as item_name', 'resource_items.url as item_url', 'resource_feedback.user_id', 'resource_feedback.visitor_key', 'resource_feedback.ip', 'resource_feedback.kind', 'resource_feedback.text', 'resource_feedback.created_at']);
    if (since) query = query.where('resource_feedback.created_at', '>=', since);
    return query.orderBy('resource_feedback.created_at', 'desc').limit(limit).execute();
  }
}
