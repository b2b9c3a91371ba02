/** The languages the product ships: zh-CN everywhere, en-US for the international build. */
export type Locale = 'zh-CN' | 'en-US';

/** Which site this server is: the domestic one (zh-CN) or the international one (en-US). */
export type SiteEdition = 'domestic' | 'international';

/**
 * Served inside the registry (`Registry.site`), so the host knows the language and the page-wide
 * switches before it draws anything. Set on the server: SITE_EDITION, SITE_GUARDS, SITE_SPECIAL_LAYOUT.
 */
export interface SiteConfig {
  edition: SiteEdition;
  /** zh-CN for the domestic edition, en-US for the international one. */
  locale: Locale;
  /** Refuse the Alook in-app browser and watch for developer tools (spec platform §4, §5). */
  guards: boolean;
  /** The special layout: the closable top promo banner that leads to /pay. */
  specialLayout: boolean;
  /**
   * PREVIEW_ORIGIN: a separate origin (another host name of this server) that runs the chat's code
   * previews with same-origin rights of their own; absent: previews run in an opaque origin.
   */
  previewOrigin?: string;
}

/** A dated announcement (spec platform §3): 立即体验 opens `routeUrl` (e.g. /chatPage?model=…). */
export interface Announcement {
  id: number;
  title: string;
  content: string;
  /** YYYY-MM-DD. */
  updateTime: string;
  routeUrl: string | null;
}

/**
 * When a stored-version popup shows: while the browser's stored version differs from `version`,
 * at most `maxShows` times per version (null: until the user closes it).
 */
export interface DisplayPolicy {
  version: number;
  maxShows: number | null;
}

export type SiteLinkKind = 'api' | 'domestic' | 'international';

export interface SiteLink {
  kind: SiteLinkKind;
  url: string;
}

// GET /app-api/platform/announcements → AnnouncementsPayload (no login; ETag). Managed with
// `pnpm ops announcements …`.
export interface AnnouncementsPayload {
  /** The 重要通知 modal. */
  notice: DisplayPolicy & { items: Announcement[] };
  /** The activity banner under the navbar; null when no activity runs. */
  activity: (DisplayPolicy & { title: string; content: string; link: string | null }) | null;
  /** The navbar's update-notice card: a badge while `version` is unread. */
  updates: { version: number; items: Announcement[] };
  /** The navbar's rotating promo banner (one every 4 s). */
  promos: Array<{ id: number; text: string; link: string | null }>;
  /** The special layout's top banner (leads to /pay); null when none is set. */
  topBanner: { text: string } | null;
  /** Footer links of the modal; a kind that is not set is absent. */
  links: SiteLink[];
}

// GET /app-api/platform/downloads → DownloadLinks (no login): DOWNLOAD_WINDOWS_URL,
// DOWNLOAD_EXTENSION_URL, DOWNLOAD_ANDROID_URL; null when not published.
export interface DownloadLinks {
  windows: string | null;
  extension: string | null;
  android: string | null;
}

export type GuardEventKind = 'devtools' | 'alook';

// POST /app-api/platform/guard-events {kind, path} → null (no login needed; the user is recorded
// when signed in). Rate-limited per IP.
export interface GuardEvent {
  kind: GuardEventKind;
  path: string;
}
