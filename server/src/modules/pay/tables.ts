/** Orders, provider events and vouchers (module pay). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export type PayOrderStatus = 'created' | 'paid' | 'expired' | 'closed' | 'refunded';

/** One order of a plan (module pay): the plan as it was sold, the amount in fen, the provider's trade id once paid. */
export interface PayOrderTable {
  out_trade_no: string;
  user_id: string;
  plan_type: number;
  /** The plan as sold (JSON of PlanSnapshot): what payment grants, whatever the configuration says later. */
  plan_snapshot: string;
  price_fen: number;
  discount_fen: number;
  amount_fen: number;
  voucher_id: string | null;
  method: 'sandbox' | 'wechat' | 'alipay';
  status: PayOrderStatus;
  qr_code: string | null;
  provider_trade_no: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  /** When the order left `created` (paid, expired, closed). */
  ended_at: string | null;
  /** The last 查单 at the provider (the status call asks at most every 10 s). */
  last_query_at: string | null;
  /** 1 when the payment arrived after the order had expired or was closed (credited all the same). */
  late: number;
}

/** What happened to an order at the provider's side: every notify (also refused ones) and query, for support. */
export interface PayEventTable {
  id: string;
  out_trade_no: string | null;
  method: string;
  /** notify | query | close | create */
  kind: string;
  /** credited | duplicate | refused | pending | closed | failed … */
  outcome: string;
  detail: string;
  created_at: string;
}

/** A voucher ops gave a user: fen off one order. Taken by the order that is paid with it. */
export interface PayVoucherTable {
  id: string;
  user_id: string;
  amount_fen: number;
  /** Comma-separated plan types it applies to; empty: all. */
  plan_types: string;
  expires_at: string | null;
  note: string;
  used_by_order: string | null;
  used_at: string | null;
  created_at: string;
}

export interface PayTables {
  pay_orders: PayOrderTable;
  pay_events: PayEventTable;
  pay_vouchers: PayVoucherTable;
}
