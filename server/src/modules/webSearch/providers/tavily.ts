import { badResponse, SEARCH_MESSAGES, WebSearchError } from '../errors.js';
import type { ProviderRequest, SearchHit, SearchProvider } from '../types.js';
import { apiRoot, callSearchApi, type HttpProviderOptions, listOf, objectOf, text } from './http.js';

const LABEL = 'tavily';
export const TAVILY_BASE_URL = 'https://api.tavily.com';

/**
 * Tavily Search (docs.tavily.com/documentation/api-reference/endpoint/search):
 * `POST <base>/search` with `Authorization: Bearer <key>` and JSON `{ query, max_results (0–20),
 * search_depth: 'basic', include_answer: false, include_favicon: true }`. Answer: `{ query,
 * results: [{ title, url, content, score, favicon }], response_time }`. Errors
 * (help.tavily.com, "Errors Code"): 400 bad parameters, 401 a missing or bad key, 429 too many
 * requests, 432 the plan's limit, 433 the pay-as-you-go limit, 500; the body `{ detail: { error } }`.
 */
export class TavilyProvider implements SearchProvider {
  readonly name = 'tavily' as const;

  constructor(private readonly options: HttpProviderOptions) {}

  async find(request: ProviderRequest): Promise<SearchHit[]> {
    const answer = await callSearchApi(
      {
        url: `${apiRoot(this.options.baseUrl)}/search`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.apiKey ?? ''}` },
        body: JSON.stringify({ query: request.query, max_results: request.count, search_depth: 'basic', include_answer: false, include_favicon: true }),
        label: LABEL,
        apiKey: this.options.apiKey,
        fetch: this.options.fetch,
        statusFailure: (status, detail) => (status === 432 || status === 433 ? new WebSearchError('quota', SEARCH_MESSAGES.quota, detail) : null),
      },
      request,
    );
    if (!('results' in answer)) throw badResponse(`${LABEL}: no results field`);
    return listOf(answer.results, 'results', LABEL).map((item) => {
      const result = objectOf(item);
      return { title: text(result.title), url: text(result.url), snippet: text(result.content), icon: text(result.favicon) || undefined };
    });
  }
}
