import type { Reference } from '@qiming/contracts';

export const SEARCH_PROVIDERS = ['searxng', 'bing', 'tavily', 'bocha'] as const;
export type SearchProviderName = (typeof SEARCH_PROVIDERS)[number];

/** The language results are asked in: the site edition's (domestic zh-CN, international en-US). */
export type SearchLocale = 'zh-CN' | 'en-US';

/** At most this many results per search (SEARCH_RESULTS and `count` are kept within 1…this). */
export const MAX_SEARCH_RESULTS = 20;

export interface SearchOptions {
  /** How many references at most; SEARCH_RESULTS when not given. */
  count?: number;
  /** The caller's abort (the user stopped the answer): `search` then rejects with `signal.reason`. */
  signal: AbortSignal;
}

/**
 * The web search the chat gateway uses for 联网搜索. Every failure is a WebSearchError (with a
 * Chinese `userMessage`), except the caller's own abort, which rejects with `signal.reason`. No
 * results is not a failure: `[]`. Without a configured provider `configured()` is false and
 * `search` throws (kind `notConfigured`): results are never made up.
 */
export interface WebSearch {
  readonly provider: SearchProviderName | null;
  configured(): boolean;
  search(query: string, options: SearchOptions): Promise<Reference[]>;
}

/** What an adapter is asked. */
export interface ProviderRequest {
  query: string;
  count: number;
  locale: SearchLocale;
  /** The caller's abort only; the time limit is `timeoutMs`. */
  signal: AbortSignal;
  timeoutMs: number;
}

/** One result as a provider gave it, before references.ts checks and trims it. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
  /** The provider's icon for the site, when it gives one. */
  icon?: string;
}

/** One provider's wire format: errors are WebSearchErrors (or the caller's abort). */
export interface SearchProvider {
  readonly name: SearchProviderName;
  find(request: ProviderRequest): Promise<SearchHit[]>;
}
