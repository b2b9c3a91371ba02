import type { ServerConfig } from '../../config.js';
import type { Log } from '../../log.js';
import type { ServerModule } from '../module.js';
import { BING_BASE_URL } from './providers/bing.js';
import { createWebSearch } from './service.js';
import type { WebSearch } from './types.js';

export interface WebSearchDeps {
  config: Pick<ServerConfig, 'webSearch'> & { site: Pick<ServerConfig['site'], 'locale'> };
  log: Log;
  /** For tests; the global fetch by default. */
  fetch?: typeof fetch;
}

/**
 * 联网搜索: the provider SEARCH_PROVIDER names behind one WebSearch (README.md beside this). A
 * service only: the chat gateway calls it; no routes.
 */
export function createWebSearchModule({ config, log, fetch }: WebSearchDeps): ServerModule<WebSearch> {
  const { webSearch } = config;
  if (webSearch.provider === 'bing' && webSearch.baseUrl === BING_BASE_URL) {
    log.warn('SEARCH_PROVIDER=bing：微软已于 2025-08-11 停用公开的 Bing Search API，请确认你的密钥仍然可用，或用 SEARCH_BASE_URL 指向兼容的服务');
  }
  return { service: createWebSearch(webSearch, { log, locale: config.site.locale === 'en-US' ? 'en-US' : 'zh-CN', fetch }) };
}

export { WebSearchError, type WebSearchFailure } from './errors.js';
export type { WebSearchConfig } from './config.js';
export type { SearchOptions, SearchProviderName, WebSearch } from './types.js';
