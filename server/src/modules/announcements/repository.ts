import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AnnouncementChannelName, AnnouncementChannelTable, AnnouncementItemChannel, AnnouncementItemTable, Database, SiteLinkTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';

export type ItemRow = Selectable<AnnouncementItemTable>;
export type ChannelRow = Selectable<AnnouncementChannelTable>;
export type LinkRow = Selectable<SiteLinkTable>;
export type NewItem = Omit<Insertable<AnnouncementItemTable>, 'id'>;

/** SQL of announcements and site links; the same queries on SQLite and PostgreSQL. */
export class AnnouncementsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isSeeded(): Promise<boolean> {
    return !!(await this.db.selectFrom('announcement_channels').select('channel').limit(1).executeTakeFirst());
  }

  /**
   * Writes the first content in one transaction; false when another process seeded first (the
   * channels go in first, so a second seeder fails on their primary key before adding items).
   */
  async seed(channels: ChannelRow[], items: NewItem[], links: LinkRow[]): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('announcement_channels').values(channels).execute();
        if (items.length) await trx.insertInto('announcement_items').values(items).execute();
        if (links.length) await trx.insertInto('site_links').values(links).execute();
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  channels(): Promise<ChannelRow[]> {
    return this.db.selectFrom('announcement_channels').selectAll().execute();
  }

  /** Changes a channel and, when asked, raises its version in the same transaction; the row after. */
  async updateChannel(channel: AnnouncementChannelName, change: Omit<Updateable<AnnouncementChannelTable>, 'channel' | 'updated_at'>, bumpVersion = false): Promise<ChannelRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('announcement_channels').set({ ...change, updated_at: new Date().toISOString() }).where('channel', '=', channel).execute();
      return bumpVersion ? this.bump(trx, channel) : this.channel(trx, channel);
    });
  }

  /** Newest first (date, then id); promos in the order they were added. */
  items(channel: AnnouncementItemChannel, limit?: number): Promise<ItemRow[]> {
    let query = this.db.selectFrom('announcement_items').selectAll().where('channel', '=', channel);
    query = channel === 'promo' ? query.orderBy('id', 'asc') : query.orderBy('published_on', 'desc').orderBy('id', 'desc');
    return (limit === undefined ? query : query.limit(limit)).execute();
  }

  /** Adds an item and, when asked, raises the version of its channel in the same transaction; the channel row after (none for promos). */
  async addItem(item: NewItem, bumpVersion: boolean): Promise<{ id: number; channel: ChannelRow | undefined }> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('announcement_items').values(item).returning('id').executeTakeFirstOrThrow();
      const channel = item.channel as AnnouncementChannelName;
      return { id: Number(id), channel: await (bumpVersion ? this.bump(trx, channel) : this.channel(trx, channel)) };
    });
  }

  /** Deletes an item and, when asked, raises the version of its channel; undefined when there is no such item. */
  async removeItem(id: number, bumpVersion: (item: ItemRow) => boolean): Promise<{ item: ItemRow; channel: ChannelRow | undefined } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const item = await trx.selectFrom('announcement_items').selectAll().where('id', '=', id).executeTakeFirst();
      if (!item) return undefined;
      await trx.deleteFrom('announcement_items').where('id', '=', id).execute();
      const channel = item.channel as AnnouncementChannelName;
      return { item, channel: await (bumpVersion(item) ? this.bump(trx, channel) : this.channel(trx, channel)) };
    });
  }

  links(): Promise<LinkRow[]> {
    return this.db.selectFrom('site_links').selectAll().execute();
  }

  async setLink(kind: LinkRow['kind'], url: string): Promise<void> {
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('site_links')
      .values({ kind, url, updated_at })
      .onConflict((oc) => oc.column('kind').doUpdateSet({ url, updated_at }))
      .execute();
  }

  /** False when the link was not set. */
  async removeLink(kind: LinkRow['kind']): Promise<boolean> {
    const result = await this.db.deleteFrom('site_links').where('kind', '=', kind).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  private async bump(trx: Kysely<Database>, channel: AnnouncementChannelName): Promise<ChannelRow | undefined> {
    await trx
      .updateTable('announcement_channels')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date().toISOString() }))
      .where('channel', '=', channel)
      .execute();
    return this.channel(trx, channel);
  }

  private channel(ex: Kysely<Database>, channel: AnnouncementChannelName): Promise<ChannelRow | undefined> {
    return ex.selectFrom('announcement_channels').selectAll().where('channel', '=', channel).executeTakeFirst();
  }
}
