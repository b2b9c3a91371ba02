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
  /** The client IP of a phone / e-mail registration (invite same-IP check); NULL otherwise. */
  registration_ip: string | null;
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
  id: import('kysely').Generated<number>;
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
}

export interface SigninTable {
  user_id: string;
  /** Business day (YYYY-MM-DD). */
  day: string;
  streak: number;
  reward: number;
  created_at: string;
}

export type InviteGrantStatus = 'granted' | 'same_ip' | 'capped';

/** At most one per invitee: whether the pair was rewarded for the invitee's first use. */
export interface InviteGrantTable {
  invitee_id: string;
  inviter_id: string;
  status: InviteGrantStatus;
  day: string;
  points: number;
  created_at: string;
}

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

/** One conversation (a history entry); its messages are conversation_nodes. */
export interface ConversationGroupTable {
  id: string;
  user_id: string;
  title: string;
  gpts_id: string | null;
  icon: string | null;
  /** The first message shown when the first question was edited (several roots); NULL: the newest. */
  selected_root_id: string | null;
  created_at: string;
  /** The last new message: the history list's order. */
  updated_at: string;
}

export type ConversationNodeStatus = 'generating' | 'done' | 'stopped' | 'failed';

/** One message: a user message ('done') or one answer; siblings are alternative branches. */
export interface ConversationNodeTable {
  id: string;
  group_id: string;
  user_id: string;
  parent_id: string | null;
  /** Position among its siblings, 0 = oldest. */
  seq: number;
  role: 'user' | 'assistant';
  model: string;
  model_name: string;
  gpts_id: string | null;
  knowledge_id: string | null;
  knowledge_name: string | null;
  content: string;
  reasoning: import('kysely').Generated<string>;
  /** JSON array of Reference. */
  references: import('kysely').Generated<string>;
  /** JSON array of strings. */
  follow_ups: import('kysely').Generated<string>;
  status: ConversationNodeStatus;
  error: string | null;
  /** 1 when the offline model answered. */
  offline_demo: import('kysely').Generated<number>;
  /** JSON of the upstream usage; NULL until the answer ends (and for user messages). */
  usage: string | null;
  /** The branch shown under this node; NULL: the newest child. */
  selected_child_id: string | null;
  created_at: string;
  finished_at: string | null;
}

/** The fields ops changed of one catalogue entry (JSON object), or the whole entry ops added. */
export interface CatalogueOverrideTable {
  model_id: string;
  fields: string;
  updated_at: string;
}

/** One row (id 1): `revision` rises with every catalogue change; servers poll it. */
export interface CatalogueStateTable {
  id: number;
  revision: number;
  updated_at: string;
}

/** A running chat generation (id = its answer node) and the instance running it (chat/recovery.ts). */
export interface ChatJobTable {
  id: string;
  user_id: string;
  instance_id: string;
  started_at: string;
}

export interface ChatInstanceTable {
  id: string;
  heartbeat_at: string;
}

export type AnnouncementItemChannel = 'notice' | 'updates' | 'promo';

/** A dated announcement of the notice modal or the update card, or one promo text (title). */
export interface AnnouncementItemTable {
  id: import('kysely').Generated<number>;
  channel: AnnouncementItemChannel;
  title: string;
  content: string;
  route_url: string | null;
  /** YYYY-MM-DD. */
  published_on: string;
  created_at: string;
}

export type AnnouncementChannelName = 'notice' | 'activity' | 'updates' | 'top';

/**
 * One row per channel: the popup's version and show limit (notice, activity, updates), and the
 * text of the activity banner and the top banner. `active` 0 switches the activity or top banner
 * off while keeping its version, so the next activity still counts up.
 */
export interface AnnouncementChannelTable {
  channel: AnnouncementChannelName;
  version: number;
  max_shows: number | null;
  active: number;
  title: string;
  content: string;
  link: string | null;
  updated_at: string;
}

export interface SiteLinkTable {
  kind: 'api' | 'domestic' | 'international';
  url: string;
  updated_at: string;
}

/** A browser's report that a guard fired (developer tools open, the Alook browser). */
export interface GuardEventTable {
  id: import('kysely').Generated<number>;
  kind: 'devtools' | 'alook';
  path: string;
  user_id: string | null;
  ip: string;
  user_agent: string;
  created_at: string;
}

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

/** A file a user uploaded to chat (module uploads); the bytes live on disk under UPLOAD_DIR/<user_id>/<id>. */
export interface ChatUploadTable {
  /** The knowledgeId: random and unguessable. */
  id: string;
  user_id: string;
  /** The name the user gave the file. */
  name: string;
  /** The type sniffed from the bytes (text kinds with their charset). */
  mime: string;
  kind: 'pdf' | 'docx' | 'image' | 'text';
  size: number;
  sha256: string;
  /** The text extracted (capped at FILE_LIMITS.textMaxChars); '' when none. */
  text: string;
  /** 1 when the text came from OCR of an image. */
  ocr: number;
  created_at: string;
}

/** A conversation's public share page (module share); deleted with the conversation. */
export interface ConversationShareTable {
  conv_group_id: string;
  user_id: string;
  /** The SharedConversation the page shows, as JSON; null once revoked. */
  snapshot: string | null;
  /** When the snapshot was taken (ISO-8601). */
  shared_at: string;
  /** Set when the owner withdrew the page; null while it is public. */
  revoked_at: string | null;
}

export interface Database {
  remote_releases: RemoteReleaseTable;
  remote_channels: RemoteChannelTable;
  remote_events: RemoteEventTable;
  users: UserTable;
  pay_orders: PayOrderTable;
  pay_events: PayEventTable;
  pay_vouchers: PayVoucherTable;
  social_identities: SocialIdentityTable;
  user_settings: UserSettingsTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  api_keys: ApiKeyTable;
  points_balances: PointsBalanceTable;
  points_ledger: PointsLedgerTable;
  points_holds: PointsHoldTable;
  signins: SigninTable;
  invite_grants: InviteGrantTable;
  cdkey_batches: CdkeyBatchTable;
  cdkeys: CdkeyTable;
  conversation_groups: ConversationGroupTable;
  conversation_nodes: ConversationNodeTable;
  catalogue_overrides: CatalogueOverrideTable;
  catalogue_state: CatalogueStateTable;
  chat_jobs: ChatJobTable;
  chat_instances: ChatInstanceTable;
  announcement_items: AnnouncementItemTable;
  announcement_channels: AnnouncementChannelTable;
  site_links: SiteLinkTable;
  guard_events: GuardEventTable;
  chat_uploads: ChatUploadTable;
  conversation_shares: ConversationShareTable;
}
