/** Sessions and their refresh tokens (module auth). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
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

export interface AuthTables {
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
}
