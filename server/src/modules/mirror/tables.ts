/** The mirror site (module mirror). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */

/** A mirror site ops registered (`pnpm ops mirror site add`). */
export interface MirrorSiteTable {
  id: string;
  name: string;
  /** The provider's API shape: 'oaifree' (POST <register_url> form → token_key). */
  kind: string;
  /** The mirror's origin: users land on <origin>/auth/login_share?token=… */
  origin: string;
  /** Where share tokens are registered. */
  register_url: string;
  session_minutes: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** An upstream account ("car") of a site. */
export interface MirrorCarTable {
  id: string;
  site_id: string;
  name: string;
  capacity: number;
  /** Lowest subscription tier allowed. */
  tier: number;
  /** 'active' | 'disabled'. */
  status: string;
  /** The account's access token, encrypted (credentials.ts). */
  credential: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** One entry into a mirror: a share token and the seat it holds until it expires. */
export interface MirrorSessionTable {
  id: string;
  user_id: string;
  site_id: string;
  /** The car, or null for an entry with the user's own key. */
  car_id: string | null;
  key_id: string | null;
  /** Business day of the entry. */
  day: string;
  /** 1 when it counts against the day's uses. */
  counted: number;
  /** 'pending' (asking the provider) | 'active'. A failed entry is deleted (its use and seat given back). */
  status: string;
  /** The share token, encrypted; null while pending. */
  token: string | null;
  expires_at: string;
  created_at: string;
}

/** A one-time redirect to a session's mirror login. */
export interface MirrorHandoffTable {
  id: string;
  session_id: string;
  user_id: string;
  /** sha256 of the browser cookie set with the hand-off: only that browser may open it. */
  browser_hash: string;
  expires_at: string;
  used_at: string | null;
}

/** A user's own key for a mirror site (their upstream access token), encrypted. */
export interface MirrorUserKeyTable {
  id: string;
  user_id: string;
  site_id: string;
  name: string;
  key: string;
  /** What lists show: the first and last four characters. */
  masked: string;
  created_at: string;
  updated_at: string;
}

export interface MirrorTables {
  mirror_sites: MirrorSiteTable;
  mirror_cars: MirrorCarTable;
  mirror_sessions: MirrorSessionTable;
  mirror_handoffs: MirrorHandoffTable;
  mirror_user_keys: MirrorUserKeyTable;
}
