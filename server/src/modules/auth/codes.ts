/** Business codes of account refusals; typed as the contract's object, so the compiler proves they match. */
export const AUTH_CODES: typeof import('@qiming/sdk/contracts').AUTH_CODES = {
  codeWrong: 1101,
  codeExpired: 1102,
  codeTooManyAttempts: 1103,
  sendTooFast: 1104,
  sendDailyLimit: 1105,
  captchaRequired: 1106,
  captchaFailed: 1107,
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

/** Every refusal of an expired or revoked session: HTTP 401, which makes the SDK refresh once. */
export const SESSION_EXPIRED_MESSAGE = '登录状态已失效，请重新登录';
