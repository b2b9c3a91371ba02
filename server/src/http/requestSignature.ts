import { createDecipheriv, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_SIGN_IV, DEFAULT_SIGN_KEY, type ServerConfig } from '../config.js';
import type { SharedState } from '../sharedState/index.js';
import { fail } from './envelope.js';

type SignatureExemption = { readonly prefix: string } | { readonly method: string; readonly path: string };

/** /app-api calls that need no signature (server/README.md, "Request signature"). */
export const SIGNATURE_EXEMPTIONS: readonly SignatureExemption[] = [
  // The host shell's first call: the page must boot even when signing fails, to show why.
  { method: 'GET', path: '/app-api/platform/remotes' },
  // The service worker's file lists of published releases (files anyone may fetch at /remotes/).
  { prefix: '/app-api/platform/releases/' },
  // Ops tools on other machines, authenticated by the bearer OPS_TOKEN; not browsers.
  { prefix: '/app-api/platform/ops/' },
  // The public share page API.
  { prefix: '/app-api/public/' },
  // Payment providers' notifications, verified by the provider's own signature.
  { prefix: '/app-api/pay/notify/' },
  // The mirror site's one-time redirect: a browser navigation (bound to the browser by a cookie).
  { prefix: '/app-api/mirror/go/' },
  // The development outbox.
  { prefix: '/app-api/dev/' },
  // The built-in MCP server for outside MCP clients, authenticated by a personal API key.
  { method: 'POST', path: '/app-api/mcp' },
  { method: 'GET', path: '/app-api/mcp' },
  { method: 'DELETE', path: '/app-api/mcp' },
];

/** What the browser SDK reads: 4002 carries the server time so it can correct its clock and retry once. */
export const SIGNATURE_REFUSALS = {
  invalid: { code: 4001, msg: '请求签名无效，请刷新页面后重试' },
  clockSkew: { code: 4002, msg: '设备时间与服务器相差过大，请校准设备时间后重试' },
  replayed: { code: 4003, msg: '重复的请求已被拒绝' },
} as const;

export interface SignatureRefusal {
  code: number;
  msg: string;
  data: { serverTime: number } | null;
}

export interface SignatureOptions {
  key: string;
  iv: string;
  windowSeconds: number;
  sharedState: SharedState;
}

/** Base64 of exactly one 16-byte block, in canonical form (one spelling per value). */
const BLOCK_BASE64 = /^[A-Za-z0-9+/]{22}==$/;
/** Unix seconds; at most 15 digits, so the plaintext fits one AES block. */
const SECONDS = /^[0-9]{1,15}$/;

function block(value: string | string[] | undefined): Buffer | null {
  if (typeof value !== 'string' || !BLOCK_BASE64.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.toString('base64') === value ? bytes : null;
}

/**
 * Fewer distinct bytes than this in a 16-byte nonce is not a random value (a counter, a constant):
 * 16 random bytes have fewer than 8 distinct values with a probability of about 10^-12.
 */
export const MIN_DISTINCT_NONCE_BYTES = 8;

/** The nonce: base64 of exactly 16 bytes that look random (the SDK's getRandomValues). */
function nonceOf(value: string | string[] | undefined): string | null {
  const bytes = block(value);
  return bytes && new Set(bytes).size >= MIN_DISTINCT_NONCE_BYTES ? (value as string) : null;
}

/** Who calls what: a nonce is remembered per bearer token (or none) and route, not globally. */
export interface NonceScope {
  /** The Authorization header, or '' when there is none. */
  token: string;
  /** The route that will handle the call (its pattern). */
  path: string;
}

/** The nonce store key: a hash, so tokens never sit in shared state and keys stay short. */
function nonceKey(nonce: string, { token, path }: NonceScope): string {
  return `nonce:${createHash('sha256').update(`${token}\n${path}\n${nonce}`).digest('base64url')}`;
}

function refuse(kind: keyof typeof SIGNATURE_REFUSALS, data: SignatureRefusal['data'] = null): SignatureRefusal {
  return { ...SIGNATURE_REFUSALS[kind], data };
}

/**
 * Checks the `type` / `sec` / `sec2` headers; resolves null when the request may proceed. The
 * format and decryption are checked before the nonce store is touched, so garbage never fills it.
 */
export function createSignatureVerifier({ key, iv, windowSeconds, sharedState }: SignatureOptions) {
  const keyBytes = Buffer.from(key, 'utf8');
  const ivBytes = Buffer.from(iv, 'utf8');

  function decrypt(ciphertext: Buffer): string | null {
    try {
      const decipher = createDecipheriv('aes-128-cbc', keyBytes, ivBytes);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      return null; // bad padding: wrong key or tampered ciphertext
    }
  }

  return async function verify(headers: FastifyRequest['headers'], nowSeconds: number, scope: NonceScope): Promise<SignatureRefusal | null> {
    const { sec2 } = headers;
    const nonce = nonceOf(headers.type);
    const sec = block(headers.sec);
    if (nonce === null || typeof sec2 !== 'string' || !SECONDS.test(sec2) || !sec) return refuse('invalid');
    if (decrypt(sec) !== sec2) return refuse('invalid');

    const requestSeconds = Number(sec2);
    if (Math.abs(nowSeconds - requestSeconds) > windowSeconds) return refuse('clockSkew', { serverTime: nowSeconds });

    // The nonce is kept for as long as this request would still be inside the window (up to twice
    // the window when its clock runs ahead), so it cannot be replayed after the entry expires.
    const ttl = requestSeconds + windowSeconds - nowSeconds + 1;
    if (!(await sharedState.setIfAbsent(nonceKey(nonce, scope), ttl))) return refuse('replayed');
    return null;
  };
}

/**
 * The path that decides whether a call is signed: the matched route's pattern when it is an
 * /app-api route (the handler that will run, however the URL was spelled), else the raw path, so
 * unknown /app-api paths are refused unsigned like the rest. null: not an /app-api call.
 */
function apiPathOf(request: FastifyRequest): string | null {
  const route = request.routeOptions.url;
  if (route?.startsWith('/app-api/')) return route;
  const raw = request.url.split('?')[0] ?? '';
  return raw.startsWith('/app-api/') ? raw : null;
}

export function isSignatureExempt(method: string, path: string): boolean {
  return SIGNATURE_EXEMPTIONS.some((rule) => ('prefix' in rule ? path.startsWith(rule.prefix) : rule.method === method && rule.path === path));
}

/** Refuses unsigned, skewed or replayed /app-api calls before routing to their handler. */
export function installRequestSignature(server: FastifyInstance, options: SignatureOptions): void {
  const verify = createSignatureVerifier(options);
  server.addHook('onRequest', async (request, reply) => {
    const path = apiPathOf(request);
    if (path === null || isSignatureExempt(request.method, path)) return;
    const refusal = await verify(request.headers, Math.floor(Date.now() / 1000), { token: request.headers.authorization ?? '', path: `${request.method} ${path}` });
    if (refusal) return reply.status(200).send(fail(refusal.code, refusal.msg, refusal.data));
  });
}

/** Startup warnings about the signature configuration. */
export function signatureWarnings(config: Pick<ServerConfig, 'signRequired' | 'production' | 'signKey' | 'signIv'>): string[] {
  if (!config.signRequired) return ['SIGN_REQUIRED=false: /app-api calls are accepted without a request signature (local API experiments only)'];
  if (config.production && (config.signKey === DEFAULT_SIGN_KEY || config.signIv === DEFAULT_SIGN_IV)) {
    return ['SIGN_KEY / SIGN_IV are the published defaults: set this deployment\'s own (and build the front end with the same values)'];
  }
  return [];
}
