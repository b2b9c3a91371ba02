import type { Generated } from 'kysely';

/** Announcements, their channels and the footer links (module announcements). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export type AnnouncementItemChannel = 'notice' | 'updates' | 'promo';

/** A dated announcement of the notice modal or the update card, or one promo text (title). */
export interface AnnouncementItemTable {
  id: Generated<number>;
  channel: AnnouncementItemChannel;
  title: string;
  content: string;
  route_url: string | null;
  /** YYYY-MM-DD. */
  published_on: string;
  created_at: string;
}

export type AnnouncementChannelName = 'notice' | 'activity' | 'updates' | 'top';

/**
 * One row per channel: the popup's version and show limit (notice, activity, updates), and the
 * text of the activity banner and the top banner. `active` 0 switches the activity or top banner
 * off while keeping its version, so the next activity still counts up.
 */
export interface AnnouncementChannelTable {
  channel: AnnouncementChannelName;
  version: number;
  max_shows: number | null;
  active: number;
  title: string;
  content: string;
  link: string | null;
  updated_at: string;
}

export interface SiteLinkTable {
  kind: 'api' | 'domestic' | 'international';
  url: string;
  updated_at: string;
}

export interface AnnouncementsTables {
  announcement_items: AnnouncementItemTable;
  announcement_channels: AnnouncementChannelTable;
  site_links: SiteLinkTable;
}
