/** Tables as Kysely sees them. Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export interface RemoteReleaseTable {
  area: string;
  version: string;
  entry_url: string;
  integrity: string;
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
  updated_at: string;
}

export interface RemoteEventTable {
  id: import('kysely').Generated<number>;
  area: string;
  kind: 'publish' | 'activate' | 'rollback' | 'canary' | 'error';
  version: string | null;
  detail: string;
  created_at: string;
}

export interface Database {
  remote_releases: RemoteReleaseTable;
  remote_channels: RemoteChannelTable;
  remote_events: RemoteEventTable;
}
