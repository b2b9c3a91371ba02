import axios, { AxiosError, type AxiosAdapter, type AxiosProgressEvent, type AxiosResponse, type ResponseType } from 'axios';
import type { ApiEnvelope } from '@qiming/contracts';
import type { SdkConfig } from './config';
import { ApiError } from './errors';
import { createInitGate } from './initGate';
import { MESSAGES, SILENT_MESSAGES, messageForCode } from './messages';
import { hostGroupFor, sendsBearer, staticHostFor, timeoutFor } from './routing';
import { createSigner } from './signature';
import { createStreamHostSelector } from './streamHost';

export type ToastKind = 'info' | 'success' | 'error' | 'warn';

export interface SessionAccess {
  accessToken(): string | null;
  refreshToken(): string | null;
  setTokens(accessToken: string, refreshToken?: string): void;
  /** Session ended: loginstate = "false" (tokens are kept until the user logs in again or out). */
  markSessionExpired(): void;
}

export interface RequestClientDeps {
  config(): SdkConfig;
  session: SessionAccess;
  notify(kind: ToastKind, message: string, durationMs?: number): void;
  pathname(): string;
  /** After a refresh answered code 0 (it may carry restIntegral / restIntegral2). */
  onRefreshed?(data: RefreshResult): void;
  /**
   * The session ended (no refresh token, or the refresh was refused): called once per session, however
   * many calls failed with it. `announced`: the message was shown (not on the quiet pages), so the page
   * should go on to the login page.
   */
  onSessionExpired?(change: { announced: boolean }): void;
  /** A refusal for lack of points (code 602). */
  onInsufficientPoints?(message: string): void;
  adapter?: AxiosAdapter | 'http' | 'xhr' | 'fetch';
  fetch?: typeof fetch;
  nowMs?(): number;
  /** Per-path timeout; the spec's table (routing.ts) unless a test shortens it. */
  timeoutMs?(path: string): number;
}

export interface RefreshResult {
  accessToken: string;
  refreshToken?: string;
  restIntegral?: number;
  restIntegral2?: number;
}

interface CallOptions {
  method: 'GET' | 'POST';
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  responseType?: ResponseType;
  onUploadProgress?(event: AxiosProgressEvent): void;
  /** The caller handles a refusal itself: no error toast (the session-expired path still runs). */
  silent?: boolean;
}

/** Per-call choices of get / post. */
export interface RequestOptions {
  silent?: boolean;
}

/** Codes the server uses for a refused signature (server/README.md, "Request signature"). */
const CLOCK_SKEW = 4002;
/** spec chat §4: credits are insufficient. */
const INSUFFICIENT_POINTS = 602;
/** Pages where an expired session is not announced (spec: login, social, trace, chatPage). */
const QUIET_SESSION_PAGES = /login|social|trace|chatPage/;
const REFRESH_PATH = 'system/auth/refresh-token';
const MAX_NETWORK_RETRIES = 2;

function apiPath(url: string): string {
  return url.replace(/^\/+/, '').replace(/^app-api\//, '');
}

/**
 * The SDK's request client (spec platform §7–§8): init gate, signed headers, bearer, host routing,
 * per-url timeouts, 401 refresh-once with a queue, network retries on alternate origins, and the
 * error catalogue shown as toasts. Successful calls resolve the envelope ({ code: 0, data, msg }).
 */
export function createRequestClient(deps: RequestClientDeps) {
  const gate = createInitGate();
  const http = axios.create({ adapter: deps.adapter, validateStatus: () => true });
  const sign = createSigner(() => deps.config().sign.key, () => deps.config().sign.iv);
  const streamHosts = createStreamHostSelector(() => deps.config().hosts.stream, () => deps.fetch ?? fetch);
  const nowMs = deps.nowMs ?? (() => Date.now());
  let clockOffsetSeconds = 0;
  let refreshing: Promise<boolean> | null = null;
  /** The access token whose session was already declared over (one message per session, not per call). */
  let expiredToken: string | null | undefined;

  const nowSeconds = () => nowMs() / 1000 + clockOffsetSeconds;

  async function baseUrl(url: string): Promise<string> {
    const group = hostGroupFor(url);
    return group === 'stream' ? streamHosts.host() : staticHostFor(group, deps.config().hosts);
  }

  /** The origins to try for a call: its host, then the alternates (network errors only). */
  function originsFor(host: string): string[] {
    const alternates = deps.config().alternateOrigins.filter((origin) => origin !== host);
    return [host, ...alternates].slice(0, MAX_NETWORK_RETRIES + 1);
  }

  async function headersFor(url: string, withBearer: boolean): Promise<Record<string, string>> {
    const headers: Record<string, string> = { ...(await sign(nowSeconds())) };
    const token = deps.session.accessToken();
    if (withBearer && token && sendsBearer(url)) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  /** spec platform §7–§8: the message once (not on the quiet pages), loginstate false, then the page's own move. */
  function sessionExpired(): void {
    deps.session.markSessionExpired();
    const token = deps.session.accessToken();
    if (expiredToken === token) return;
    expiredToken = token;
    const announced = !QUIET_SESSION_PAGES.test(deps.pathname());
    if (announced) deps.notify('error', MESSAGES.sessionExpired);
    deps.onSessionExpired?.({ announced });
  }

  /** One refresh for however many calls got 401 meanwhile; they all wait for it and replay. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= (async () => {
      const refreshToken = deps.session.refreshToken();
      if (!refreshToken) return false;
      try {
        const response = await exchange({ method: 'POST', url: REFRESH_PATH, params: { refreshToken } }, false);
        const body = response.data as ApiEnvelope<RefreshResult> | undefined;
        if (response.status === 200 && body?.code === 0 && body.data?.accessToken) {
          deps.session.setTokens(body.data.accessToken, body.data.refreshToken);
          deps.onRefreshed?.(body.data);
          return true;
        }
        return false;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Sends one call, moving to the next origin on a network error. Resolves whatever HTTP answered. */
  async function exchange(options: CallOptions, withBearer = true): Promise<AxiosResponse> {
    const path = apiPath(options.url);
    const origins = originsFor(await baseUrl(path));
    for (let attempt = 0; ; attempt++) {
      try {
        return await http.request({
          method: options.method,
          url: `${origins[attempt]}/app-api/${path}`,
          params: options.params,
          data: options.data,
          headers: await headersFor(path, withBearer),
          timeout: (deps.timeoutMs ?? timeoutFor)(path),
          responseType: options.responseType ?? 'json',
          onUploadProgress: options.onUploadProgress,
        });
      } catch (error) {
        const timedOut = error instanceof AxiosError && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
        if (timedOut) throw new ApiError(408, MESSAGES.timeout, 'timeout');
        if (error instanceof ApiError) throw error;
        if (attempt + 1 >= origins.length) {
          const insecure = error instanceof Error && error.message === MESSAGES.insecureContext;
          throw new ApiError(0, insecure ? MESSAGES.insecureContext : MESSAGES.networkError, 'network');
        }
      }
    }
  }

  async function envelopeOf(response: AxiosResponse, responseType: ResponseType | undefined): Promise<ApiEnvelope<unknown> | null> {
    if (responseType !== 'blob' && responseType !== 'arraybuffer') return (response.data as ApiEnvelope<unknown>) ?? null;
    const type = String(response.headers['content-type'] ?? '');
    if (!type.includes('application/json')) return null;
    const data = response.data as Blob | ArrayBuffer;
    const text = data instanceof ArrayBuffer ? new TextDecoder().decode(data) : await data.text();
    return JSON.parse(text) as ApiEnvelope<unknown>;
  }

  async function call<T>(options: CallOptions): Promise<T | null> {
    await gate.ready();
    if (gate.devtoolsDetected) return null;
    try {
      return await callOnce<T>(options, { replayedAfterRefresh: false, retriedClock: false });
    } catch (error) {
      if (error instanceof ApiError && !options.silent) announce(error);
      throw error;
    }
  }

  function announce(error: ApiError): void {
    if (error.kind === 'session' || SILENT_MESSAGES.has(error.message)) return;
    const serverError = error.kind === 'business' && (error.code === 500 || error.code === 501);
    deps.notify('error', error.message, serverError ? 5000 : undefined);
  }

  async function callOnce<T>(options: CallOptions, state: { replayedAfterRefresh: boolean; retriedClock: boolean }): Promise<T> {
    const tokenUsed = deps.session.accessToken();
    const response = await exchange(options);
    const binary = options.responseType === 'blob' || options.responseType === 'arraybuffer';
    const envelope = response.status === 200 ? await envelopeOf(response, options.responseType) : null;

    const unauthorised = response.status === 401 || envelope?.code === 401;
    if (unauthorised) {
      if (state.replayedAfterRefresh) {
        sessionExpired();
        throw new ApiError(401, MESSAGES.sessionExpired, 'session');
      }
      // A refresh that finished while this call was in flight already produced a new token.
      const renewed = deps.session.accessToken() !== tokenUsed || (await refreshOnce());
      if (!renewed) {
        sessionExpired();
        throw new ApiError(401, MESSAGES.sessionExpired, 'session');
      }
      return callOnce<T>(options, { ...state, replayedAfterRefresh: true });
    }
    if (response.status === 404) throw new ApiError(404, MESSAGES.networkError, 'http');
    if (response.status !== 200) throw new ApiError(response.status, MESSAGES.httpStatus(response.status), 'http');
    if (binary && !envelope) return response.data as T;
    if (!envelope || typeof envelope.code !== 'number') throw new ApiError(-1, MESSAGES.byCode(-1), 'http');

    if (envelope.code === CLOCK_SKEW && !state.retriedClock) {
      const serverTime = (envelope.data as { serverTime?: number } | null)?.serverTime;
      if (typeof serverTime === 'number') {
        clockOffsetSeconds = serverTime - nowMs() / 1000;
        return callOnce<T>(options, { ...state, retriedClock: true });
      }
    }
    if (envelope.code === INSUFFICIENT_POINTS) deps.onInsufficientPoints?.(messageForCode(envelope.code, envelope.msg));
    if (envelope.code !== 0) throw new ApiError(envelope.code, messageForCode(envelope.code, envelope.msg));
    return envelope as T;
  }

  return {
    markInitialised: gate.markInitialised,
    setDevtoolsDetected: gate.setDevtoolsDetected,
    get<T>(url: string, params?: Record<string, unknown>, options: RequestOptions = {}) {
      return call<ApiEnvelope<T>>({ method: 'GET', url, params, ...options });
    },
    post<T>(url: string, data?: unknown, options: RequestOptions = {}) {
      return call<ApiEnvelope<T>>({ method: 'POST', url, data, ...options });
    },
    postWithParams<T>(url: string, params: Record<string, unknown>) {
      return call<ApiEnvelope<T>>({ method: 'POST', url, params });
    },
    upload<T>(url: string, form: FormData, onProgress?: (percent: number) => void, options: RequestOptions = {}) {
      return call<ApiEnvelope<T>>({
        method: 'POST',
        url,
        data: form,
        ...options,
        onUploadProgress: (event) => onProgress?.(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
      });
    },
    blob(url: string, data?: unknown, method: 'GET' | 'POST' = 'POST') {
      return call<Blob>({ method, url, data, responseType: 'blob' });
    },
    /** Headers and host for the chat stream (signed afresh on every call). */
    async streamTarget() {
      await gate.ready();
      const host = await streamHosts.host();
      return {
        url: (path: string) => `${host}/app-api/${apiPath(path)}`,
        headers: async () => ({ ...(await headersFor('backend-api/getStream', true)), 'Content-Type': 'application/json' }),
      };
    },
    refreshSession: refreshOnce,
  };
}

export type RequestClient = ReturnType<typeof createRequestClient>;
