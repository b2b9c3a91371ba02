import { badResponse, SEARCH_MESSAGES, statusFailure, WebSearchError } from '../errors.js';
import type { ProviderRequest, SearchHit, SearchProvider } from '../types.js';
import { apiRoot, callSearchApi, type HttpProviderOptions, listOf, objectOf, text } from './http.js';

const LABEL = 'searxng';

/**
 * A SearXNG instance's search API (docs.searxng.org/dev/search_api):
 * `GET <base>/search?q=…&format=json&language=zh-CN&safesearch=2&pageno=1`. The JSON format must be
 * enabled in the instance's settings.yml (`search.formats`), else it answers 403. Answer:
 * `{ query, number_of_results, results: [{ url, title, content, engine, engines, score, … }],
 * answers, suggestions, unresponsive_engines: [[engine, reason], …] }`. There is no count
 * parameter: a page is what the instance's engines gave (about 10–30); the first `count` are kept.
 * No key by default; when one is configured it goes as `Authorization: Bearer <key>` (for an
 * instance behind an authenticating proxy).
 */
export class SearxngProvider implements SearchProvider {
  readonly name = 'searxng' as const;

  constructor(private readonly options: HttpProviderOptions) {}

  async find(request: ProviderRequest): Promise<SearchHit[]> {
    const params = new URLSearchParams({ q: request.query, format: 'json', language: request.locale, safesearch: '2', pageno: '1' });
    const answer = await callSearchApi(
      {
        url: `${apiRoot(this.options.baseUrl, '/search')}/search?${params}`,
        method: 'GET',
        headers: { accept: 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        label: LABEL,
        apiKey: this.options.apiKey,
        fetch: this.options.fetch,
        statusFailure: (status, detail) =>
          status === 403 ? statusFailure(403, `${detail} (is "json" in the instance's settings.yml search.formats?)`) : null,
      },
      request,
    );
    if (!('results' in answer)) throw badResponse(`${LABEL}: no results field`);
    const results = listOf(answer.results, 'results', LABEL);
    const unresponsive = listOf(answer.unresponsive_engines, 'unresponsive_engines', LABEL);
    // Every engine failed (timeouts, CAPTCHAs, bans): that is an outage, not "nothing found".
    if (results.length === 0 && unresponsive.length > 0) {
      throw new WebSearchError('unavailable', SEARCH_MESSAGES.enginesDown, `${LABEL}: no results, unresponsive engines: ${JSON.stringify(unresponsive).slice(0, 300)}`);
    }
    return results.map((item) => {
      const result = objectOf(item);
      return { title: text(result.title), url: text(result.url), snippet: text(result.content) };
    });
  }
}
