import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ToolRefusal } from '../toolResult.js';
import { isPublicAddress, literalAddress } from './addresses.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** A host name's addresses (dns.lookup, all of them). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface PageResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
}
/** One GET of `url` connected to `address` — never a second DNS lookup of the URL's host. */
export type Connector = (url: URL, address: ResolvedAddress, signal: AbortSignal) => Promise<PageResponse>;

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}
export const PAGE_LIMITS: FetchLimits = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 };

export interface FetchedPage {
  url: string;
  kind: 'html' | 'text';
  body: string;
  /** The page was longer than maxBytes: the rest was not read. */
  truncated: boolean;
}

export const systemResolver: Resolver = async (hostname) => {
  const addresses = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

const USER_AGENT = 'Mozilla/5.0 (compatible; QimingAI-UrlReader/1.0)';

/** The connector of the product: node's http(s) with the checked address given to the socket (TLS still checks the host name). */
export const pinnedConnector: Connector = (url, address, signal) =>
  new Promise((resolve, reject) => {
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      lookup,
      signal,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1', 'accept-encoding': 'gzip, deflate, br' },
    });
    request.on('response', (response) => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: decoded(response) }));
    request.on('error', reject);
    request.end();
  });

function decoded(response: http.IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

/** The address to connect to for `url`'s host, refused unless every address of it is public. */
async function checkedAddress(url: URL, resolve: Resolver): Promise<ResolvedAddress> {
  const literal = literalAddress(url.hostname);
  if (literal) {
    if (!isPublicAddress(literal)) throw new ToolRefusal(`不能访问内网、本机或保留地址：${url.hostname}`);
    return { address: literal, family: literal.includes(':') ? 6 : 4 };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(url.hostname);
  } catch {
    throw new ToolRefusal(`无法解析域名：${url.hostname}`);
  }
  if (addresses.length === 0) throw new ToolRefusal(`无法解析域名：${url.hostname}`);
  const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
  if (blocked) throw new ToolRefusal(`不能访问内网、本机或保留地址：${url.hostname}（${blocked.address}）`);
  return addresses[0]!;
}

function parsedUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ToolRefusal(`网址格式不正确：${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ToolRefusal(`只能读取 http 或 https 网址：${text}`);
  if (url.username || url.password) throw new ToolRefusal('网址不能包含用户名或密码');
  return url;
}

function kindOf(contentType: string | undefined): 'html' | 'text' {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/plain') return 'text';
  throw new ToolRefusal(`不支持的内容类型：${type || '未知'}（只能读取网页和纯文本）`);
}

/** The body's charset: the header's, else a <meta charset> near the start, else UTF-8 (GBK pages of Chinese sites read right). */
function textOf(bytes: Buffer, contentType: string | undefined): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

async function readCapped(body: Readable, maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    if (size + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - size));
      body.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

/**
 * GETs a public page: http(s) only; every hop's host resolved once and refused unless public
 * (redirects included), the connection made to that very address (no second lookup: DNS
 * rebinding), within the time limit, at most maxBytes read, only HTML or plain text.
 */
export async function fetchPublicPage(
  address: string,
  options: { resolve?: Resolver; connect?: Connector; limits?: FetchLimits; signal?: AbortSignal } = {},
): Promise<FetchedPage> {
  const { resolve = systemResolver, connect = pinnedConnector, limits = PAGE_LIMITS } = options;
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url = parsedUrl(address);
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkedAddress(url, resolve);
      const response = await connect(url, target, signal);
      const location = response.headers.location;
      if (response.status >= 300 && response.status < 400 && location) {
        response.body.destroy();
        if (hop >= limits.maxRedirects) throw new ToolRefusal(`重定向次数过多（超过 ${limits.maxRedirects} 次）`);
        url = parsedUrl(new URL(location, url).toString());
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        response.body.destroy();
        throw new ToolRefusal(`网页返回 HTTP ${response.status}，无法读取`);
      }
      const contentType = response.headers['content-type'];
      let kind: 'html' | 'text';
      try {
        kind = kindOf(contentType);
      } catch (error) {
        response.body.destroy();
        throw error;
      }
      const { bytes, truncated } = await readCapped(response.body, limits.maxBytes);
      return { url: url.toString(), kind, body: textOf(bytes, contentType), truncated };
    }
  } catch (error) {
    if (error instanceof ToolRefusal) throw error;
    if (timeout.aborted) throw new ToolRefusal(`读取网页超时（${limits.timeoutMs / 1000} 秒）`);
    if (options.signal?.aborted) throw new ToolRefusal('读取已取消');
    const code = (error as { code?: string }).code;
    throw new ToolRefusal(`无法连接网站 ${url.hostname}${code ? `（${code}）` : ''}`);
  }
}
