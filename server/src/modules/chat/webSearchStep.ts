import type { Reference, ToolCallRecord } from '@qiming/contracts';
import type { WebSearch } from '../webSearch/index.js';
import { WebSearchError } from '../webSearch/index.js';
import type { ToolLoopEvent } from './tools/toolLoop.js';
import type { UpstreamRequest } from './upstream/types.js';

/** The 联网搜索 switch and the 搜索 prefix, as the answer shows them: one call of this pseudo-extension. */
export const WEB_SEARCH_EXTENSION = { mcpName: 'web-search', showName: '联网搜索', tool: 'search' } as const;

/**
 * A message starting with 搜索 asks for a web search (spec chat §5) when a provider is configured.
 * 搜索 followed by a space or colon is the command, not part of the query; 搜索引擎… is the query itself.
 */
export function searchQueryOf(message: string): string {
  return message.trim().replace(SEARCH_COMMAND, '').trim() || message.trim();
}

/** 搜索 as a command in front of a query: followed by a space or a colon. */
export const SEARCH_COMMAND = /^搜索[\s：:]+/;

export const startsWithSearch = (message: string) => /^\s*搜索/.test(message);

/**
 * Runs the web search before the model answers: shown as a call of 联网搜索 (running, then done
 * with the number of results or failed with why — the fee is charged only for a search that
 * brought results, chat/README.md), the results sent as the answer's references and returned
 * for the model's context. A failed search never fails the answer: it goes on without results.
 */
export async function searchBeforeAnswer(query: string, search: Pick<WebSearch, 'search'>, signal: AbortSignal, emit: (event: ToolLoopEvent) => void): Promise<Reference[]> {
  const record: ToolCallRecord = { id: 'web-search', ...WEB_SEARCH_EXTENSION, arguments: JSON.stringify({ query }), status: 'running', round: 1 };
  emit({ type: 'toolCalls', records: [{ ...record }], fees: 0 });
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  try {
    const references = await search.search(query, { signal });
    emit({ type: 'toolCalls', records: [{ ...record, status: 'done', result: references.length > 0 ? `找到 ${references.length} 条结果` : '没有找到相关结果（未扣除搜索积分）', seconds: seconds() }], fees: 0 });
    if (references.length > 0) emit({ type: 'references', references });
    return references;
  } catch (error) {
    if (signal.aborted) return [];
    const reason = error instanceof WebSearchError ? error.userMessage : '搜索失败';
    emit({ type: 'toolCalls', records: [{ ...record, status: 'failed', result: `${reason}，本次未扣除搜索积分`, seconds: seconds() }], fees: 0 });
    return [];
  }
}

/**
 * The request with the results in it: a real model reads them in its system message and cites
 * them by number; the offline model quotes them (`knowledge` of kind `web`).
 */
export function withSearchResults(request: Omit<UpstreamRequest, 'signal'>, query: string, references: readonly Reference[]): Omit<UpstreamRequest, 'signal'> {
  if (references.length === 0) return request;
  const sources = references.map((reference) => `[${reference.id}] ${reference.title}\n网址：${reference.url}${reference.abstract ? `\n摘要：${reference.abstract}` : ''}`).join('\n\n');
  const note = `以下是联网搜索「${query}」得到的结果。请依据这些结果回答，在用到的地方用 [1]、[2] 这样的编号标注来源；结果不足以回答时如实说明。\n\n${sources}`;
  const [first, ...rest] = request.messages;
  const messages = first?.role === 'system' ? [{ ...first, content: `${first.content}\n\n${note}` }, ...rest] : [{ role: 'system' as const, content: note }, ...request.messages];
  return {
    ...request,
    messages,
    knowledge: request.knowledge ?? { title: query, kind: 'web', passages: references.map((reference) => ({ documentName: reference.title, text: reference.abstract || reference.title })) },
  };
}
