/**
 * Usage records (使用记录, /trace): the signed-in user's own generations and what each cost, read
 * from the points ledger. One record per generation (a chat answer, an image, a video, a deck, a
 * voice clone); its web search and extension calls are parts of the chat answer's charge.
 *
 * POST usage/records { pageNo, pageSize (1–100), from, to, kind? } → Page<UsageRecord>, newest first
 * POST usage/daily { from, to, kind? } → UsageDaily (points charged per China day, every day of the range)
 * Days are China calendar days `YYYY-MM-DD` (00:00–24:00 Asia/Shanghai), `from` and `to` included,
 * at most USAGE_MAX_DAYS days.
 */
import type { Page } from './points.js';

/** What a generation was. `media`: a media task of a kind this table does not know yet. */
export type UsageKind = 'chat' | 'image' | 'video' | 'slides' | 'voice' | 'media';
/** The filter's kinds: a generation's kind, or the chat answers that paid a web search / extension calls. */
export type UsageFilterKind = UsageKind | 'search' | 'extension';
export const USAGE_FILTER_KINDS = ['chat', 'search', 'extension', 'image', 'video', 'slides', 'voice', 'media'] as const satisfies readonly UsageFilterKind[];
/** The longest range one call reads. */
export const USAGE_MAX_DAYS = 366;

/**
 * held: points reserved while it runs; charged: settled with output; free: settled without output
 * (nothing charged); refunded: failed, stopped before output or interrupted (nothing charged);
 * expired: nobody settled it within the hold's life (nothing charged).
 */
export type UsageStatus = 'held' | 'charged' | 'free' | 'refunded' | 'expired';

/** What the charge was for (the upstream usage a settle reported). */
export type UsageAmount = { requests: number } | { inputTokens: number; outputTokens: number } | { characters: number };

export interface UsageQuery {
  from: string;
  to: string;
  kind?: UsageFilterKind;
}

export interface UsageRecordsRequest extends UsageQuery {
  pageNo: number;
  pageSize: number;
}

export interface UsageRecord {
  /** The generation's id (a chat answer's node id, `image:<task>:<n>`, `video:<task>`, …). */
  id: string;
  kind: UsageKind;
  /** The model (catalogue id) it ran on. */
  model: string;
  /** When it started (ISO-8601). */
  createdAt: string;
  finishedAt: string | null;
  status: UsageStatus;
  usage: UsageAmount | null;
  /** Reserved when it started. */
  held: number;
  /** Charged in the end: fees.use + fees.search + fees.extension. */
  charged: number;
  /** Given back: held − charged. */
  refunded: number;
  /** The charge's parts, each its own ledger entry. */
  fees: { use: number; search: number; extension: number };
  /** Of `refunded`, the daily points that expired at once because the business day changed meanwhile. */
  expiredDaily: number;
  /** 80: the plan discount applied (八折); 100: none. */
  multiplierPercent: number;
  /** Why it was refunded, when the generation said (its error); null otherwise. */
  failure: string | null;
}

export interface UsageDay {
  day: string;
  /** Points charged that day (all kinds of the query). */
  total: number;
  /** The same per kind (only kinds with a charge). */
  byKind: Partial<Record<UsageFilterKind, number>>;
}

export interface UsageDaily {
  from: string;
  to: string;
  /** Every day of the range, oldest first, days without charges included (total 0). */
  days: UsageDay[];
  total: number;
}

export type UsageRecordsPage = Page<UsageRecord>;
