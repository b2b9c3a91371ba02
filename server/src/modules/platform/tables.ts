import type { Generated } from 'kysely';

/** The remote registry and guard events (module platform). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export interface RemoteReleaseTable {
  area: string;
  version: string;
  entry_url: string;
  integrity: string;
  /** sha256 of every file but the precompressed siblings (remoteStore.ts `contentHashOf`); null for releases before migration 028. */
  content_hash: string | null;
  notes: string;
  created_at: string;
}

export interface RemoteChannelTable {
  area: string;
  container: string;
  active_version: string | null;
  previous_version: string | null;
  canary_version: string | null;
  canary_percent: number;
  /** JSON array of route patterns the area owns. */
  routes: string;
  /** The running canary's guard (canaryGuard.ts `GuardSettings` as JSON); null: unguarded or no canary. */
  canary_guard: string | null;
  updated_at: string;
}

/** A visitor served `version` of a guarded area (hashed key, last time): the denominator of the guard's failure rates. */
export interface RemoteExposureTable {
  area: string;
  version: string;
  visitor: string;
  seen_at: string;
}

export interface RemoteEventTable {
  id: Generated<number>;
  area: string;
  kind: 'publish' | 'activate' | 'rollback' | 'canary' | 'preview' | 'prune' | 'token' | 'error';
  version: string | null;
  detail: string;
  /** Who made the change: a deploy token's name, `ops` (OPS_TOKEN over HTTP), `cli` (pnpm ops); '' before migration 028 and for browser reports. */
  actor: Generated<string>;
  created_at: string;
}

/** A deploy token: `rights` on one `area`, known by its sha256 (the token itself is shown once). */
export interface DeployTokenTable {
  name: string;
  area: string;
  /** Comma-separated: publish, canary, activate, rollback. */
  rights: string;
  token_hash: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A browser's report that a guard fired (developer tools open, the Alook browser). */
export interface GuardEventTable {
  id: Generated<number>;
  kind: 'devtools' | 'alook';
  path: string;
  user_id: string | null;
  ip: string;
  user_agent: string;
  created_at: string;
}

export interface PlatformTables {
  remote_releases: RemoteReleaseTable;
  remote_channels: RemoteChannelTable;
  remote_events: RemoteEventTable;
  remote_exposures: RemoteExposureTable;
  guard_events: GuardEventTable;
  deploy_tokens: DeployTokenTable;
}
