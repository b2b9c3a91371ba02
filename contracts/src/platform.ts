import type { SiteConfig } from './site.js';

/** The remote registry as GET /app-api/platform/remotes serves it (compact: it must stay under 2 KiB). */
export interface RegistryArea {
  area: string;
  container: string;
  /** Version this caller should load (the canary version for the caller's cohort); null if none is live. */
  version: string | null;
  /** URL of the version's mf-manifest.json. */
  entry: string | null;
  /** Last known-good version, tried when `version` fails to load or mount. */
  fallback: { version: string; entry: string } | null;
  /** Route patterns the area owns: "/x", "/x/:param", "/x/*". */
  routes: string[];
  /** Present when this browser opened an ops preview link: `version` is not what visitors get; the host shows a 预览 badge. */
  preview?: { expiresAt: string };
}

export interface Registry {
  areas: RegistryArea[];
  /** External API site that /api opens. */
  apiSite: string;
  /** Language and page-wide switches of this site. */
  site: SiteConfig;
  /** What became of the preview link this page was opened with (taken, refused, ended); absent without one. */
  previewNotice?: { ok: boolean; message: string };
}

export type RemoteFailureStage = 'load' | 'mount';

export interface RemoteFailureReport {
  area: string;
  version: string | null;
  stage: RemoteFailureStage;
  message: string;
  entry?: string | null;
}

/** The envelope of every JSON call. */
export interface ApiEnvelope<T> {
  code: number;
  data: T;
  msg: string;
}

// GET /app-api/platform/contact → ContactInfo (no login): the operator's published channels, each
// null when not set (CONTACT_EMAIL, CONTACT_WECHAT, CONTACT_QR_URL, CONTACT_NOTE).
export interface ContactInfo {
  email: string | null;
  /** A WeChat ID to add. */
  wechat: string | null;
  /** The image of a group QR code. */
  qrUrl: string | null;
  /** Service hours or any other line. */
  note: string | null;
  /** The user group's number (群号) for the group-join dialog (CONTACT_GROUP). */
  group: string | null;
}
