import { SEARCH_MESSAGES, WebSearchError } from '../errors.js';
import type { ProviderRequest, SearchHit, SearchProvider } from '../types.js';
import { apiRoot, callSearchApi, type HttpProviderOptions, listOf, objectOf, text } from './http.js';

const LABEL = 'bing';
export const BING_BASE_URL = 'https://api.bing.microsoft.com';

/**
 * Bing Web Search API v7 (learn.microsoft.com/bing/search-apis/bing-web-search/reference):
 * `GET <base>/v7.0/search?q=…&count=…&mkt=zh-CN&safeSearch=Strict&responseFilter=Webpages&textDecorations=false&textFormat=Raw`
 * with `Ocp-Apim-Subscription-Key: <key>`. Answer: `{ _type: 'SearchResponse', webPages: { value:
 * [{ name, url, displayUrl, snippet, … }] } }`; no webPages when nothing was found. Errors: 401 a
 * missing or bad key, 403 no permission or the day's / month's quota used up, 429 the per-second
 * quota, 500; the body `{ _type: 'ErrorResponse', errors: [{ code, subCode, message }] }` (or `{ error:
 * { code, message } }` from the gateway). Microsoft retired the public API on 2025-08-11: this
 * speaks the format for a Bing-compatible endpoint given as SEARCH_BASE_URL or an older contract.
 */
export class BingProvider implements SearchProvider {
  readonly name = 'bing' as const;

  constructor(private readonly options: HttpProviderOptions) {}

  async find(request: ProviderRequest): Promise<SearchHit[]> {
    const params = new URLSearchParams({
      q: request.query,
      count: String(request.count),
      mkt: request.locale,
      safeSearch: 'Strict',
      responseFilter: 'Webpages',
      textDecorations: 'false',
      textFormat: 'Raw',
    });
    const answer = await callSearchApi(
      {
        url: `${apiRoot(this.options.baseUrl, '/v7.0')}/v7.0/search?${params}`,
        method: 'GET',
        headers: { accept: 'application/json', 'ocp-apim-subscription-key': this.options.apiKey ?? '' },
        label: LABEL,
        apiKey: this.options.apiKey,
        fetch: this.options.fetch,
        statusFailure: (status, detail) => (status === 403 ? new WebSearchError('quota', SEARCH_MESSAGES.forbidden, detail) : null),
      },
      request,
    );
    const webPages = objectOf(answer.webPages);
    return listOf(webPages.value, 'webPages.value', LABEL).map((item) => {
      const page = objectOf(item);
      return { title: text(page.name), url: text(page.url), snippet: text(page.snippet) };
    });
  }
}
