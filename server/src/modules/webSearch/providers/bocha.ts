import { badResponse, SEARCH_MESSAGES, statusFailure, WebSearchError } from '../errors.js';
import type { ProviderRequest, SearchHit, SearchProvider } from '../types.js';
import { apiRoot, callSearchApi, type HttpProviderOptions, listOf, objectOf, text } from './http.js';

const LABEL = 'bocha';
export const BOCHA_BASE_URL = 'https://api.bochaai.com';

/**
 * 博查 Web Search API (open.bochaai.com, "Web Search API"): `POST <base>/v1/web-search` with
 * `Authorization: Bearer <key>` and JSON `{ query, count (1–50), summary: true, freshness:
 * 'noLimit' }`. Answer (Bing-compatible inside `data`): `{ code: 200, log_id, msg, data: {
 * _type: 'SearchResponse', webPages: { value: [{ name, url, displayUrl, snippet, summary,
 * siteName, siteIcon, datePublished }] } } }`. Errors (异常码): the HTTP status with `{ code: '403',
 * message, log_id }` — 400 a missing parameter or key, 401 an invalid key, 403 the balance is used
 * up (You do not have enough money), 429 the request limit, 500 anything else. A `code` other than
 * 200 in a 2xx answer is read the same way.
 */
export class BochaProvider implements SearchProvider {
  readonly name = 'bocha' as const;

  constructor(private readonly options: HttpProviderOptions) {}

  async find(request: ProviderRequest): Promise<SearchHit[]> {
    const answer = await callSearchApi(
      {
        url: `${apiRoot(this.options.baseUrl, '/v1')}/v1/web-search`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.apiKey ?? ''}` },
        body: JSON.stringify({ query: request.query, count: request.count, summary: true, freshness: 'noLimit' }),
        label: LABEL,
        apiKey: this.options.apiKey,
        fetch: this.options.fetch,
        statusFailure: (status, detail) => bochaFailure(status, detail),
      },
      request,
    );
    const code = Number(answer.code ?? 200);
    if (code !== 200) {
      const detail = `${LABEL}: code ${String(answer.code)}: ${text(answer.message) || text(answer.msg)}`;
      throw Number.isInteger(code) && code >= 400 ? bochaFailure(code, detail) : badResponse(detail);
    }
    if (!('data' in answer)) throw badResponse(`${LABEL}: no data field`);
    const webPages = objectOf(objectOf(answer.data).webPages);
    return listOf(webPages.value, 'data.webPages.value', LABEL).map((item) => {
      const page = objectOf(item);
      return { title: text(page.name), url: text(page.url), snippet: text(page.summary) || text(page.snippet), icon: text(page.siteIcon) || undefined };
    });
  }
}

function bochaFailure(status: number, detail: string): WebSearchError {
  if (status === 403) return new WebSearchError('quota', SEARCH_MESSAGES.quota, detail);
  return statusFailure(status, detail);
}
