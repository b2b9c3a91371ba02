import type { Generated } from 'kysely';

/** Balances, the ledger and holds (module points). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export type PointsBucketName = 'daily' | 'permanent';

/** One row per (user, bucket); `balance` is what can be spent and never goes below 0 (CHECK). */
export interface PointsBalanceTable {
  user_id: string;
  bucket: PointsBucketName;
  balance: number;
  /** Daily bucket: the business day of its last grant (YYYY-MM-DD); NULL before the first. */
  day: string | null;
  updated_at: string;
}

/** Append-only: the sum of a user's deltas per bucket equals that bucket's balance. */
export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: string;
  bucket: PointsBucketName;
  delta: number;
  balance_after: number;
  kind: string;
  reference: string | null;
  idempotency_key: string;
  created_at: string;
}

export type HoldStatus = 'held' | 'settled' | 'refunded' | 'expired';

/** Points reserved for one generation until it is settled, refunded or expires. */
export interface PointsHoldTable {
  generation_id: string;
  user_id: string;
  model: string;
  /** The ledger kind of the final charge: chat or media. */
  purpose: string;
  /** 1 when web-wide search was reserved. */
  web_search: number;
  /** 80 or 100: the plan discount when the hold was made. */
  multiplier_percent: number;
  daily_held: number;
  permanent_held: number;
  /** The business day the daily part was taken on. */
  day: string;
  status: HoldStatus;
  charged: number;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
  /** JSON of the usage a settle charged for (tokens, requests or characters); NULL otherwise. */
  usage: string | null;
  /** Why a refund released the hold (the generation's error), when the caller said; NULL otherwise. */
  end_reason: string | null;
}

export interface PointsTables {
  points_balances: PointsBalanceTable;
  points_ledger: PointsLedgerTable;
  points_holds: PointsHoldTable;
}
