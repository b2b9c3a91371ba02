import { dataOf, request } from '@qiming/sdk';
import type {
  ApiKey,
  CaptchaChallenge,
  CaptchaCheckResult,
  LoginResult,
  NewApiKey,
  SendCodeResult,
  SocialProvider,
  WechatQrCode,
} from '@qiming/sdk/contracts';

export type Channel = 'phone' | 'email';
export type CodePurpose = 'register' | 'login' | 'reset';

/** The calls of the account area (paths of spec platform §7; shapes in @qiming/sdk/contracts). */
export interface AccountApi {
  /** A new puzzle for a code to `target` (counted per target on the server; the token only sends to it). */
  captcha(target?: string): Promise<CaptchaChallenge>;
  /** `released`: the piece's corner where it was let go; `trace`: the drag as [x, y in picture pixels, ms since the press] points (the server checks it looks human). */
  checkCaptcha(captchaId: string, released: { x: number; y: number }, trace: Array<[number, number, number]>): Promise<CaptchaCheckResult>;
  sendCode(channel: Channel, target: string, purpose: CodePurpose, captchaToken: string): Promise<SendCodeResult>;
  register(channel: Channel, target: string, code: string, password?: string, aff?: string): Promise<LoginResult>;
  login(channel: Channel, target: string, secret: { code: string } | { password: string }): Promise<LoginResult>;
  resetPassword(channel: Channel, target: string, code: string, password: string): Promise<void>;
  wechatQrCode(): Promise<WechatQrCode>;
  /** null while the code has not been scanned. */
  wechatCheck(ticket: string): Promise<LoginResult | null>;
  socialProviders(): Promise<SocialProvider[]>;
  socialLogin(provider: string, code: string, state: string): Promise<LoginResult>;
  devOutboxOn(): Promise<boolean>;
  apiKeys(): Promise<ApiKey[]>;
  addApiKey(name: string): Promise<NewApiKey>;
  updateApiKey(id: string, change: { name?: string; enabled?: boolean }): Promise<ApiKey>;
  deleteApiKey(id: string): Promise<void>;
}

const NOT_SCANNED = 1301;

const byChannel = (channel: Channel, phone: string, email: string) => (channel === 'phone' ? phone : email);
const targetField = (channel: Channel, target: string) => (channel === 'phone' ? { phone: target } : { email: target });

export const accountApi: AccountApi = {
  captcha: (target) => dataOf(request.post<CaptchaChallenge>('captcha/get', target ? { target } : {})),
  checkCaptcha: (captchaId, { x, y }, trace) => dataOf(request.post<CaptchaCheckResult>('captcha/check', { captchaId, x, y, trace })),
  sendCode: (channel, target, purpose, captchaToken) => {
    const base = byChannel(channel, 'system/user/send-phone-verification-code', 'system/user/send-email-verification-code');
    const body = { ...targetField(channel, target), captchaToken, ...(purpose === 'reset' ? {} : { scene: purpose }) };
    return dataOf(request.post<SendCodeResult>(purpose === 'reset' ? `${base}-reset` : base, body));
  },
  register: (channel, target, code, password, aff) =>
    dataOf(request.post<LoginResult>(byChannel(channel, 'system/user/registerUserByPhone', 'system/user/registerUserByEmail'), { ...targetField(channel, target), code, password: password || undefined, aff: aff || undefined })),
  login: (channel, target, secret) => dataOf(request.post<LoginResult>(byChannel(channel, 'system/auth/loginByPhone', 'system/auth/loginByEmail'), { ...targetField(channel, target), ...secret })),
  resetPassword: async (channel, target, code, password) => {
    await dataOf(request.post<null>(byChannel(channel, 'system/user/resetPasswordByPhone', 'system/user/resetPasswordByEmail'), { ...targetField(channel, target), code, password }));
  },
  wechatQrCode: () => dataOf(request.get<WechatQrCode>('wechat/getQrCode')),
  wechatCheck: async (ticket) => {
    try {
      return await dataOf(request.get<LoginResult>('wechat/checkLogin', { ticket }));
    } catch (error) {
      if ((error as { code?: number }).code === NOT_SCANNED) return null;
      throw error;
    }
  },
  socialProviders: () => dataOf(request.get<SocialProvider[]>('public/social/providers')),
  socialLogin: (provider, code, state) => dataOf(request.post<LoginResult>('system/auth/social-login', { provider, code, state })),
  devOutboxOn: async () => {
    try {
      const response = await fetch('/app-api/dev/status', { cache: 'no-store' });
      return response.ok && ((await response.json()) as { data?: { outbox?: boolean } }).data?.outbox === true;
    } catch {
      return false;
    }
  },
  apiKeys: () => dataOf(request.get<ApiKey[]>('system/user-auth-key/list')),
  addApiKey: (name) => dataOf(request.post<NewApiKey>('system/user-auth-key/add', { name })),
  updateApiKey: (id, change) => dataOf(request.post<ApiKey>('system/user-auth-key/update', { id, ...change })),
  deleteApiKey: async (id) => {
    await dataOf(request.post<null>('system/user-auth-key/delete', { id }));
  },
};
