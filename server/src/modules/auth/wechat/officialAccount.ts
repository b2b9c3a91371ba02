import { callOutbound, jsonObjectOf, requireOk } from '../../../http/outbound.js';
import type { SharedState } from '../../../sharedState/index.js';

export interface OfficialAccountOptions {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com, or a stand-in in tests. */
  apiBase: string;
}

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
}

/** errcodes meaning "this access token is no longer valid": fetch a new one and try once more. */
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001]);
const TIMEOUT_MS = 10_000;

export class WechatApiError extends Error {}

/**
 * The few official-account calls QR login needs. The access token is cached in SharedState so all
 * instances share one: each call to cgi-bin/token replaces the previous token for everyone.
 */
export class OfficialAccountClient {
  private readonly tokenKey: string;

  constructor(
    private readonly options: OfficialAccountOptions,
    private readonly state: SharedState,
  ) {
    this.tokenKey = `wechat:access-token:${options.appId}`;
  }

  /** A temporary QR code for `scene`; resolves the URL the QR image encodes. */
  async createTemporaryQr(scene: string, expireSeconds: number): Promise<string> {
    const body = { expire_seconds: expireSeconds, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: scene } } };
    const answer = await this.withAccessToken((token) =>
      this.call<{ url?: string }>(`/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, { method: 'POST', body: JSON.stringify(body) }),
    );
    if (!answer.url) throw new WechatApiError('qrcode/create answered without url');
    return answer.url;
  }

  private async withAccessToken<T extends WechatAnswer>(call: (token: string) => Promise<T>): Promise<T> {
    const answer = await call(await this.accessToken());
    if (answer.errcode === undefined || !STALE_TOKEN_CODES.has(answer.errcode)) return checked(answer);
    await this.state.delete(this.tokenKey);
    return checked(await call(await this.accessToken()));
  }

  private async accessToken(): Promise<string> {
    const cached = await this.state.get(this.tokenKey);
    if (cached) return cached;
    const { appId, appSecret } = this.options;
    const answer = checked(
      await this.call<{ access_token?: string; expires_in?: number }>(
        `/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(appSecret)}`,
        { method: 'GET' },
      ),
    );
    if (!answer.access_token) throw new WechatApiError('cgi-bin/token answered without access_token');
    // Renew five minutes early; WeChat documents 7200 s.
    await this.state.set(this.tokenKey, answer.access_token, Math.max(60, (answer.expires_in ?? 7200) - 300));
    return answer.access_token;
  }

  private async call<T>(path: string, init: { method: 'GET' | 'POST'; body?: string }): Promise<T & WechatAnswer> {
    const label = path.split('?')[0];
    const request = { url: `${this.options.apiBase}${path}`, ...init, headers: init.body ? { 'content-type': 'application/json' } : undefined, timeoutMs: TIMEOUT_MS, label };
    const answer = requireOk(await callOutbound(request), request);
    return jsonObjectOf(answer, label) as T & WechatAnswer;
  }
}

function checked<T extends WechatAnswer>(answer: T): T {
  if (answer.errcode) throw new WechatApiError(`WeChat errcode ${answer.errcode}: ${answer.errmsg ?? ''}`);
  return answer;
}
