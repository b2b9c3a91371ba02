import { STORAGE_KEYS, type DisplayPolicy, type SiteLink } from '@qiming/sdk';

/** Where a popup keeps its state in local storage (spec platform §3 names the keys). */
export interface PopupKeys {
  version: string;
  count: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** The count key holds this once the user closed the popup of that version. */
const CLOSED = 'closed';

/**
 * One stored-version popup (the 重要通知 modal, the activity banner): it shows while the stored
 * version differs from the current one, or — same version, not closed — while it has been shown fewer
 * than `maxShows` times (always, until closed, when maxShows is null). Showing counts; closing stores
 * the version for good. A new version starts over.
 */
export class StoredPopup {
  constructor(
    private readonly storage: Storage,
    private readonly keys: PopupKeys,
    private readonly policy: DisplayPolicy,
  ) {}

  private stored(): { version: number | null; count: number; closed: boolean } {
    const version = Number.parseInt(this.storage.getItem(this.keys.version) ?? '', 10);
    const count = this.storage.getItem(this.keys.count);
    if (!Number.isFinite(version) || version !== this.policy.version) return { version: null, count: 0, closed: false };
    return { version, count: Number.parseInt(count ?? '', 10) || 0, closed: count === CLOSED };
  }

  shouldShow(): boolean {
    const { version, count, closed } = this.stored();
    if (version === null) return true;
    if (closed) return false;
    return this.policy.maxShows === null || count < this.policy.maxShows;
  }

  /** Counts one showing (call once per page load that shows it). */
  markShown(): void {
    const { count, closed } = this.stored();
    if (closed) return;
    this.storage.setItem(this.keys.version, String(this.policy.version));
    this.storage.setItem(this.keys.count, String(count + 1));
  }

  close(): void {
    this.storage.setItem(this.keys.version, String(this.policy.version));
    this.storage.setItem(this.keys.count, CLOSED);
  }
}

/** The 重要通知 modal's state in this browser (showNotifyVersion / showNotifyCount). */
export const noticePopup = (policy: DisplayPolicy) =>
  new StoredPopup(window.localStorage, { version: STORAGE_KEYS.showNotifyVersion, count: STORAGE_KEYS.showNotifyCount }, policy);

/** The activity banner's state in this browser (showActiviesVersion / showActiviesCount). */
export const activityPopup = (policy: DisplayPolicy) =>
  new StoredPopup(window.localStorage, { version: STORAGE_KEYS.showActivitiesVersion, count: STORAGE_KEYS.showActivitiesCount }, policy);

/**
 * The 重要通知 footer's links: all of them on the domestic site; on the international site the
 * switches between the domestic and international sites give way to one 关闭提示 button, but the
 * API link (there when API_SITE_URL is set) stays.
 */
export function noticeFooterLinks(links: readonly SiteLink[], international: boolean): SiteLink[] {
  return international ? links.filter((link) => link.kind === 'api') : [...links];
}
