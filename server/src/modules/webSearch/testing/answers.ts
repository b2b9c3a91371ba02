import type { SearchProviderName } from '../types.js';

export interface FakeHit {
  url: string;
  title: string;
  snippet: string;
}

/** A successful answer in each provider's documented shape, for tests that run over all four. */
export const ANSWER_OF: Record<SearchProviderName, (hits: FakeHit[]) => unknown> = {
  searxng: (hits) => ({ query: 'q', number_of_results: 0, results: hits.map((h) => ({ url: h.url, title: h.title, content: h.snippet, engine: 'bing' })), answers: [], suggestions: [], unresponsive_engines: [] }),
  bing: (hits) => ({ _type: 'SearchResponse', webPages: { value: hits.map((h) => ({ name: h.title, url: h.url, snippet: h.snippet, displayUrl: h.url })) } }),
  tavily: (hits) => ({ query: 'q', results: hits.map((h) => ({ title: h.title, url: h.url, content: h.snippet, score: 0.5 })), response_time: 0.5 }),
  bocha: (hits) => ({ code: 200, log_id: 'l', msg: null, data: { _type: 'SearchResponse', webPages: { value: hits.map((h) => ({ name: h.title, url: h.url, snippet: h.snippet })) } } }),
};
