/** Redemption codes and their batches (module cdkeys). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export interface CdkeyBatchTable {
  id: string;
  points: number;
  plan_tier: number | null;
  plan_days: number | null;
  count: number;
  expires_at: string | null;
  note: string;
  created_at: string;
}

export interface CdkeyTable {
  /** sha256 (hex) of the canonical code. */
  code_hash: string;
  batch_id: string;
  last4: string;
  expires_at: string | null;
  used_by: string | null;
  used_at: string | null;
  created_at: string;
}

export interface CdkeysTables {
  cdkey_batches: CdkeyBatchTable;
  cdkeys: CdkeyTable;
}
