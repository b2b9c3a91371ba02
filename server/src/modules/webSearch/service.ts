import type { Reference } from '@qiming/contracts';
import type { Log } from '../../log.js';
import type { WebSearchConfig } from './config.js';
import { SEARCH_MESSAGES, WebSearchError } from './errors.js';
import { BingProvider } from './providers/bing.js';
import { BochaProvider } from './providers/bocha.js';
import type { HttpProviderOptions } from './providers/http.js';
import { SearxngProvider } from './providers/searxng.js';
import { TavilyProvider } from './providers/tavily.js';
import { referencesOf } from './references.js';
import { MAX_SEARCH_RESULTS, type SearchLocale, type SearchOptions, type SearchProvider, type SearchProviderName, type WebSearch } from './types.js';

/**
 * Longer queries are cut to this many characters: Tavily refuses a query over 400 characters, and
 * a search engine gains nothing from a whole pasted article.
 */
export const MAX_QUERY_CHARS = 400;

export interface WebSearchOptions {
  log: Log;
  locale: SearchLocale;
  /** For tests; the global fetch by default. */
  fetch?: typeof fetch;
  /** For tests: a time limit below SEARCH_TIMEOUT_SECONDS' whole seconds. */
  timeoutMs?: number;
}

export function providerFor(name: SearchProviderName, options: HttpProviderOptions): SearchProvider {
  switch (name) {
    case 'searxng':
      return new SearxngProvider(options);
    case 'bing':
      return new BingProvider(options);
    case 'tavily':
      return new TavilyProvider(options);
    case 'bocha':
      return new BochaProvider(options);
  }
}

/** The web search of SEARCH_PROVIDER, or one that says it is not configured. */
export function createWebSearch(config: WebSearchConfig, options: WebSearchOptions): WebSearch {
  if (!config.provider || !config.baseUrl) return notConfigured;
  const provider = providerFor(config.provider, { baseUrl: config.baseUrl, apiKey: config.apiKey, fetch: options.fetch });
  return new ProviderSearch(provider, config, options);
}

const notConfigured: WebSearch = {
  provider: null,
  configured: () => false,
  search: async () => {
    throw new WebSearchError('notConfigured', SEARCH_MESSAGES.notConfigured, 'web search: SEARCH_PROVIDER is not set');
  },
};

class ProviderSearch implements WebSearch {
  readonly provider: SearchProviderName;

  constructor(
    private readonly adapter: SearchProvider,
    private readonly config: WebSearchConfig,
    private readonly options: WebSearchOptions,
  ) {
    this.provider = adapter.name;
  }

  configured(): boolean {
    return true;
  }

  async search(query: string, { count, signal }: SearchOptions): Promise<Reference[]> {
    const text = [...query.replace(/\s+/g, ' ').trim()].slice(0, MAX_QUERY_CHARS).join('');
    if (!text) throw new WebSearchError('emptyQuery', SEARCH_MESSAGES.emptyQuery, 'web search: empty query');
    const wanted = Math.max(1, Math.min(MAX_SEARCH_RESULTS, Math.floor(count ?? this.config.results)));
    const timeoutMs = this.options.timeoutMs ?? this.config.timeoutSeconds * 1000;
    try {
      const hits = await this.adapter.find({ query: text, count: wanted, locale: this.options.locale, signal, timeoutMs });
      return referencesOf(hits, wanted);
    } catch (error) {
      // The user's stop is not a failure: no log, the caller gets its own reason back.
      if (signal.aborted) throw signal.reason;
      if (error instanceof WebSearchError) {
        this.options.log.warn({ provider: this.provider, kind: error.kind }, `联网搜索失败：${error.message}`);
        throw error;
      }
      this.options.log.error({ provider: this.provider, err: error }, '联网搜索出现意外错误');
      throw new WebSearchError('badResponse', SEARCH_MESSAGES.badResponse, `web search (${this.provider}): ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
  }
}
