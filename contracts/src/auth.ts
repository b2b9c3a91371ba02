/**
 * Accounts and sessions: request and response shapes of the calls under /app-api (paths of spec
 * platform §7). Every response is the usual envelope { code, data, msg }; `data` is typed here.
 */


/**
 * Business codes of refusals (msg carries the Chinese text the client shows). The server reads
 * the very same values.
 */
const authCodes = {
  codeWrong: 1101,
  codeExpired: 1102,
  codeTooManyAttempts: 1103,
  sendTooFast: 1104,
  sendDailyLimit: 1105,
  captchaRequired: 1106,
  captchaFailed: 1107,
  captchaTooMany: 1108,
  accountExists: 1201,
  accountMissing: 1202,
  passwordWrong: 1203,
  loginLocked: 1204,
  noPassword: 1205,
  qrNotScanned: 1301,
  qrExpired: 1302,
  socialFailed: 1401,
  apiKeyMissing: 1501,
};
export const AUTH_CODES = authCodes as Readonly<typeof authCodes>;

/** Why a code is sent; the reset calls have their own paths. */
export type CodeScene = 'register' | 'login' | 'reset';

// ---- slide captcha: POST captcha/get, POST captcha/check -----------------------------------

export interface CaptchaChallenge {
  captchaId: string;
  /** PNG data URL, `width`×`height`, with the piece's hole. */
  background: string;
  /**
   * PNG data URL of the piece, `pieceSize`×`pieceSize`. It starts at x = 0, y = `pieceY` (not the
   * hole's y: the user drags it into the hole on both axes).
   */
  piece: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  expiresInSeconds: number;
}

/** POST captcha/get: the phone or e-mail the code is for (counted per target, and the token only sends to it). */
export interface CaptchaGetRequest {
  target?: string;
}

export interface CaptchaCheckRequest {
  captchaId: string;
  /** Where the user let go: the piece's top-left corner, in background pixels. */
  x: number;
  y: number;
  /**
   * The drag as the client saw it: [x, y of the piece's corner in background pixels (0.1
   * precision), ms since the press], from the press to the release (the arrow keys add a point per
   * step). Required: a check without a humanlike trace fails like a miss.
   */
  trace: Array<[number, number, number]>;
}

export interface CaptchaCheckResult {
  /** One-time token a send-code call needs. */
  captchaToken: string;
}

// ---- verification codes ------------------------------------------------------------------
// POST system/user/send-phone-verification-code         { phone, scene, captchaToken }
// POST system/user/send-phone-verification-code-reset   { phone, captchaToken }
// POST system/user/send-email-verification-code         { email, scene, captchaToken }
// POST system/user/send-email-verification-code-reset   { email, captchaToken }

export interface SendPhoneCodeRequest {
  phone: string;
  scene: Exclude<CodeScene, 'reset'>;
  captchaToken: string;
}

export interface SendEmailCodeRequest {
  email: string;
  scene: Exclude<CodeScene, 'reset'>;
  captchaToken: string;
}

export interface SendCodeResult {
  /** Seconds before another code may be sent to this target. */
  resendAfterSeconds: number;
  /** True while the server has no real sender: the code is in the dev outbox. */
  devOutbox: boolean;
}

// ---- register, login, reset --------------------------------------------------------------
// POST system/user/registerUserByPhone | registerUserByEmail → LoginResult
// POST system/auth/loginByPhone | loginByEmail → LoginResult
// POST system/user/resetPasswordByPhone | resetPasswordByEmail → null

export interface RegisterByPhoneRequest {
  phone: string;
  code: string;
  password?: string;
  /** The inviter's invite code (?aff=). */
  aff?: string;
}

export interface RegisterByEmailRequest {
  email: string;
  code: string;
  password?: string;
  aff?: string;
}

/** Login with a code or with a password (exactly one of the two). */
export interface LoginByPhoneRequest {
  phone: string;
  code?: string;
  password?: string;
}

export interface LoginByEmailRequest {
  email: string;
  code?: string;
  password?: string;
}

export interface ResetByPhoneRequest {
  phone: string;
  code: string;
  password: string;
}

export interface ResetByEmailRequest {
  email: string;
  code: string;
  password: string;
}

export interface LoginResult {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  restIntegral: number;
  restIntegral2: number;
}

// ---- session ----------------------------------------------------------------------------
// POST system/auth/refresh-token?refreshToken=… (the body { refreshToken } is accepted too) → LoginResult
// POST system/auth/logout → null (revokes this session's refresh tokens)

// ---- WeChat QR login: GET wechat/getQrCode, GET wechat/checkLogin?ticket= -------------------

export interface WechatQrCode {
  ticket: string;
  /** What the QR code encodes (the official account's URL, or the local confirm page). */
  qrContent: string;
  expiresInSeconds: number;
}

// checkLogin answers LoginResult once confirmed; code qrNotScanned (msg 用户未扫码) until then,
// qrExpired once the ticket is gone.

// ---- social login (OAuth2 / OIDC) ------------------------------------------------------------
// GET  public/social/providers → SocialProvider[]
// GET  public/social/authorize?provider=github → 302 to the provider (state remembered)
// POST system/auth/social-login { provider, code, state } → LoginResult (the /social-login page calls it)

export interface SocialProvider {
  id: string;
  name: string;
}

export interface SocialLoginRequest {
  provider: string;
  code: string;
  state: string;
}

// ---- settings and API keys ---------------------------------------------------------------
// GET  system/user/getUserSetting → UserSetting; POST system/user/updateUserSetting UserSetting → null
// GET  system/user-auth-key/list → ApiKey[]
// POST system/user-auth-key/add { name } → NewApiKey (the only time the whole key is shown)
// POST system/user-auth-key/update { id, name?, enabled? } → ApiKey
// POST system/user-auth-key/delete { id } → null
// GET  system/user-auth-key/get?id= → ApiKey

export interface UserSetting {
  speechModel: string;
  voice: string;
  speed: number;
}

export interface ApiKey {
  id: string;
  name: string;
  /** e.g. sk-qm-…a1b2 */
  maskedKey: string;
  enabled: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface NewApiKey extends ApiKey {
  key: string;
}

// ---- dev outbox (development stand-ins: off in production unless DEV_OUTBOX / DEV_CAPTCHA) -----
// GET dev/outbox?to=<phone or e-mail> → OutboxMessage[] (newest first)
// GET dev/captcha/<captchaId> → { x }
// GET dev/status → DevStatus   (public: the login page shows its notice when outbox is true)

/** Which development stand-ins this deployment runs (server/src/devStandIns.ts). */
export interface DevStatus {
  outbox: boolean;
  captcha: boolean;
  paySandbox: boolean;
  wechatLocalConfirm: boolean;
}

export interface OutboxMessage {
  to: string;
  channel: 'sms' | 'email';
  scene: CodeScene;
  code: string;
  text: string;
  sentAt: string;
}

// ---- user info: GET system/user/userinfo ----------------------------------------------------

/** User info (spec platform §3). Times are ms timestamps. */
export interface UserInfo {
  username: string;
  inviteCode: string;
  hasSignIn: boolean;
  inviterUsers: number;
  totalAmount: number;
  /** Points package tier 0–4. */
  userLevel: number;
  userSignExpireTime: number | null;
  /** Subscription tier: 0 free, 1 starter, 2 basic, 3 professional. */
  userPackage2: number;
  userPackageExpireTime2: number | null;
  /** VIP expiry. */
  morePackageTime: number | null;
  experiencePackageVO?: { experiencePackageExpireTime: number | null; experienceUserLevel: number } | null;
}
