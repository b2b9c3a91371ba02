import { z } from 'zod';
import { BING_BASE_URL } from './providers/bing.js';
import { BOCHA_BASE_URL } from './providers/bocha.js';
import { TAVILY_BASE_URL } from './providers/tavily.js';
import { MAX_SEARCH_RESULTS, SEARCH_PROVIDERS, type SearchProviderName } from './types.js';

/** 联网搜索 (server/src/modules/webSearch/README.md). */
export interface WebSearchConfig {
  /** SEARCH_PROVIDER; null: not configured (the 联网搜索 switch cannot run a real search). */
  provider: SearchProviderName | null;
  /** SEARCH_BASE_URL, else the provider's public API (SearXNG has none: required there). */
  baseUrl: string | null;
  /** The value of the variable SEARCH_API_KEY_ENV names; null for SearXNG without a key. */
  apiKey: string | null;
  /** SEARCH_RESULTS: references per search when the caller does not say. */
  results: number;
  /** SEARCH_TIMEOUT_SECONDS: one search's whole exchange. */
  timeoutSeconds: number;
}

/** Where each provider's key is read from unless SEARCH_API_KEY_ENV names another variable. */
export const DEFAULT_KEY_VARIABLES: Record<SearchProviderName, string | null> = { searxng: null, bing: 'BING_SEARCH_KEY', tavily: 'TAVILY_API_KEY', bocha: 'BOCHA_API_KEY' };

const DEFAULT_BASE_URLS: Record<SearchProviderName, string | null> = { searxng: null, bing: BING_BASE_URL, tavily: TAVILY_BASE_URL, bocha: BOCHA_BASE_URL };

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const SearchEnv = z.object({
  SEARCH_PROVIDER: optional(z.enum(SEARCH_PROVIDERS, { error: `必须是 ${SEARCH_PROVIDERS.join('、')} 之一` })),
  SEARCH_BASE_URL: optional(z.url({ protocol: /^https?$/, error: '必须是 http:// 或 https:// 开头的地址' }).transform((url) => url.replace(/\/+$/, ''))),
  SEARCH_API_KEY_ENV: optional(z.string().trim().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '必须是环境变量的名字（例如 BOCHA_API_KEY），不是密钥本身')),
  SEARCH_RESULTS: z.coerce.number({ error: '必须是数字' }).int('必须是整数').min(1, '至少 1 条').max(MAX_SEARCH_RESULTS, `最多 ${MAX_SEARCH_RESULTS} 条`).default(8),
  SEARCH_TIMEOUT_SECONDS: z.coerce.number({ error: '必须是数字' }).int('必须是整数').min(1, '至少 1 秒').max(120, '最多 120 秒').default(10),
});

const invalid = (problems: string[]) => new Error(`invalid server configuration: ${problems.join('; ')}`);

/** The SEARCH_* variables and the key variable they name. Invalid values, or a key that is needed and missing, stop the server. */
export function webSearchConfigOf(env: NodeJS.ProcessEnv): WebSearchConfig {
  const parsed = SearchEnv.safeParse(env);
  if (!parsed.success) throw invalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const e = parsed.data;
  const base = { results: e.SEARCH_RESULTS, timeoutSeconds: e.SEARCH_TIMEOUT_SECONDS };
  const provider = e.SEARCH_PROVIDER ?? null;
  if (!provider) return { provider: null, baseUrl: null, apiKey: null, ...base };

  const problems: string[] = [];
  const baseUrl = e.SEARCH_BASE_URL ?? DEFAULT_BASE_URLS[provider];
  if (!baseUrl) problems.push(`SEARCH_BASE_URL: 使用 ${provider} 时必须设置 SearXNG 实例的地址，例如 http://127.0.0.1:8888`);
  // SearXNG needs no key; a variable named for it explicitly must hold one all the same.
  const keyVariable = e.SEARCH_API_KEY_ENV ?? DEFAULT_KEY_VARIABLES[provider];
  const apiKey = keyVariable ? env[keyVariable]?.trim() || null : null;
  if (keyVariable && !apiKey) {
    problems.push(`SEARCH_API_KEY_ENV: 联网搜索（${provider}）需要密钥，但环境变量 ${keyVariable} 没有设置或为空${e.SEARCH_API_KEY_ENV ? '' : `（可用 SEARCH_API_KEY_ENV 指定存放密钥的变量名）`}`);
  }
  if (problems.length) throw invalid(problems);
  return { provider, baseUrl, apiKey, ...base };
}
