import { answerDetail, callOutbound, OutboundError, parseJsonObject, type OutboundRequest } from '../../../http/outbound.js';
import { badResponse, SEARCH_MESSAGES, statusFailure, WebSearchError } from '../errors.js';
import type { ProviderRequest } from '../types.js';

/** A search answer is a few hundred KB at most (SearXNG's page of ~30 results); anything bigger is refused. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** What every networked adapter is built from. */
export interface HttpProviderOptions {
  /** The provider's origin (and path prefix, if any), without the endpoint's path. */
  baseUrl: string;
  /** null: no key (SearXNG without one). */
  apiKey: string | null;
  /** For tests; the global fetch by default. */
  fetch?: typeof fetch;
}

export interface SearchCall {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  label: string;
  apiKey: string | null;
  fetch?: typeof fetch;
  /** A provider's own reading of a non-2xx answer (its documented codes); null: the common one (401, 429, HTTP n). */
  statusFailure?: (status: number, detail: string) => WebSearchError | null;
}

/**
 * One call to a search API: its JSON object, or a WebSearchError for a timeout, a lost
 * connection, an error status or an answer that is not a JSON object. The caller's abort is
 * rethrown as it came (callOutbound does not classify it).
 */
export async function callSearchApi(call: SearchCall, request: Pick<ProviderRequest, 'signal' | 'timeoutMs'>): Promise<Record<string, unknown>> {
  const outbound: OutboundRequest & { maxBytes: number } = {
    url: call.url,
    method: call.method,
    headers: call.headers,
    body: call.body,
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    label: call.label,
    secrets: [call.apiKey ?? undefined],
    fetch: call.fetch,
    maxBytes: MAX_ANSWER_BYTES,
  };
  let answer;
  try {
    answer = await callOutbound(outbound);
  } catch (error) {
    throw asSearchFailure(error);
  }
  const answerText = answer.text();
  if (!answer.ok) {
    const detail = `${call.label}: HTTP ${answer.status}: ${answerDetail(answerText, outbound.secrets)}`;
    throw call.statusFailure?.(answer.status, detail) ?? statusFailure(answer.status, detail);
  }
  const body = parseJsonObject(answerText);
  if (!body) throw badResponse(`${call.label}: not a JSON object: ${answerDetail(answerText, outbound.secrets).slice(0, 120)}`);
  return body;
}

function asSearchFailure(error: unknown): unknown {
  if (!(error instanceof OutboundError)) return error;
  const { failure } = error;
  if (failure.kind === 'timeout') return new WebSearchError('timeout', SEARCH_MESSAGES.timeout, error.message, { cause: error });
  if (failure.kind === 'network') return new WebSearchError('network', SEARCH_MESSAGES.network, error.message, { cause: error });
  return badResponse(error.message);
}

/** The base URL without trailing slashes, and without `suffix` when the operator wrote it (…/v1, …/v7.0). */
export function apiRoot(baseUrl: string, suffix?: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return suffix && base.endsWith(suffix) ? base.slice(0, -suffix.length) : base;
}

/** A field that must be an array when present: undefined or null → [], anything else → badResponse. */
export function listOf(value: unknown, what: string, label: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badResponse(`${label}: ${what} is not an array`);
  return value;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const objectOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
