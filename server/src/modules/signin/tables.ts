/** Daily sign-ins (module signin). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export interface SigninTable {
  user_id: string;
  /** Business day (YYYY-MM-DD). */
  day: string;
  streak: number;
  reward: number;
  created_at: string;
}

export interface SigninTables {
  signins: SigninTable;
}
