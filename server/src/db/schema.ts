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

export interface UserTable {
  id: string;
  username: string;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  /** 8 characters of an unambiguous alphabet; what ?aff= carries. */
  invite_code: string;
  inviter_id: string | null;
  wechat_openid: string | null;
  /** Raised to end every session of the user at once (access tokens carry it as `ver`). */
  token_version: import('kysely').Generated<number>;
  user_level: import('kysely').Generated<number>;
  user_sign_expire_time: string | null;
  user_package2: import('kysely').Generated<number>;
  user_package_expire_time2: string | null;
  more_package_time: string | null;
  experience_package_expire_time: string | null;
  experience_user_level: number | null;
  created_at: string;
  updated_at: string;
}

export interface SocialIdentityTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: string;
}

export interface UserSettingsTable {
  user_id: string;
  speech_model: string;
  voice: string;
  speed: number;
  updated_at: string;
}

/** A sign-in: the family of refresh tokens that rotate from one login. */
export interface SessionTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
}

export interface RefreshTokenTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  /** When it was exchanged for its successor. */
  rotated_at: string | null;
}

export interface ApiKeyTable {
  id: string;
  user_id: string;
  name: string;
  /** sha256 (hex) of the whole key. */
  key_hash: string;
  last4: string;
  /** 1 or 0. */
  enabled: number;
  created_at: string;
  last_used_at: string | null;
}

export interface Database {
  remote_releases: RemoteReleaseTable;
  remote_channels: RemoteChannelTable;
  remote_events: RemoteEventTable;
  users: UserTable;
  social_identities: SocialIdentityTable;
  user_settings: UserSettingsTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  api_keys: ApiKeyTable;
}
