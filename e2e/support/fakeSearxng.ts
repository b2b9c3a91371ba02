// A local SearXNG for the e2e product: its JSON API (`GET /search?q=…&format=json`) answers two
// results built from the query, so a test sees exactly which sources a web search brought.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSearxng {
  baseUrl: string;
  /** The queries it was asked, in order. */
  queries: string[];
  close(): Promise<void>;
}

export const searchResultTitle = (query: string, n: number) => `${query}（搜索结果 ${n}）`;

export async function startFakeSearxng(): Promise<FakeSearxng> {
  const queries: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'json') {
      response.writeHead(404).end();
      return;
    }
    const query = url.searchParams.get('q') ?? '';
    queries.push(query);
    const results = [1, 2].map((n) => ({ url: `https://search-${n}.example.cn/${encodeURIComponent(query)}`, title: searchResultTitle(query, n), content: `关于${query}的第 ${n} 条搜索摘要。`, engine: 'fake' }));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ query, number_of_results: results.length, results, answers: [], suggestions: [], unresponsive_engines: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, queries, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
