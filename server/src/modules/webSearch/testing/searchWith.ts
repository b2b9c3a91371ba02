import { recordingLog } from '../../../testing/log.js';
import type { WebSearchConfig } from '../config.js';
import { createWebSearch } from '../service.js';
import type { SearchLocale, SearchProviderName } from '../types.js';
import type { FakeSearchServer } from './fakeSearchServer.js';

export const TEST_KEY = 'sk-test-search-key';

/** A WebSearch of `provider` pointed at the fake, with a recording log and a short time limit. */
export function searchWith(fake: FakeSearchServer, provider: SearchProviderName, options: { apiKey?: string | null; results?: number; timeoutMs?: number; locale?: SearchLocale } = {}) {
  const log = recordingLog();
  const config: WebSearchConfig = {
    provider,
    baseUrl: fake.baseUrl,
    apiKey: options.apiKey === undefined ? TEST_KEY : options.apiKey,
    results: options.results ?? 8,
    timeoutSeconds: 10,
  };
  const search = createWebSearch(config, { log, locale: options.locale ?? 'zh-CN', timeoutMs: options.timeoutMs ?? 2000 });
  return { search, log };
}

export const signal = () => new AbortController().signal;
