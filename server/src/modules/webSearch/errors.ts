/** Why a search failed; `userMessage` says it in Chinese, the message (for the log) in detail. */
export type WebSearchFailure = 'notConfigured' | 'emptyQuery' | 'timeout' | 'network' | 'auth' | 'quota' | 'rateLimited' | 'unavailable' | 'status' | 'badResponse';

export class WebSearchError extends Error {
  constructor(
    readonly kind: WebSearchFailure,
    /** A short reason for the user, e.g. 搜索服务超时; the caller words the rest of its message. */
    readonly userMessage: string,
    /** For the log: what the provider answered (keys removed). */
    detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
    this.name = 'WebSearchError';
  }
}

export const SEARCH_MESSAGES = {
  notConfigured: '未配置联网搜索服务',
  emptyQuery: '搜索内容为空',
  timeout: '搜索服务超时',
  network: '无法连接搜索服务',
  auth: '搜索服务的密钥无效',
  quota: '搜索服务的额度已用完',
  forbidden: '搜索服务拒绝了请求：密钥无权限或额度已用完',
  rateLimited: '搜索服务请求过于频繁',
  enginesDown: '搜索服务的搜索引擎暂时都没有响应',
  badResponse: '搜索服务返回的数据无法解析',
  status: (status: number) => `搜索服务返回错误（HTTP ${status}）`,
} as const;

/** The statuses every provider documents alike: 401 a bad key, 429 too many requests; the rest by number. */
export function statusFailure(status: number, detail: string): WebSearchError {
  if (status === 401) return new WebSearchError('auth', SEARCH_MESSAGES.auth, detail);
  if (status === 429) return new WebSearchError('rateLimited', SEARCH_MESSAGES.rateLimited, detail);
  return new WebSearchError('status', SEARCH_MESSAGES.status(status), detail);
}

export const badResponse = (detail: string) => new WebSearchError('badResponse', SEARCH_MESSAGES.badResponse, detail);
