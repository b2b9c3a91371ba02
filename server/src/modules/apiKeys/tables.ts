/** API keys (module apiKeys). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
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

export interface ApiKeysTables {
  api_keys: ApiKeyTable;
}
