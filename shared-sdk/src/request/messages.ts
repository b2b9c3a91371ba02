import { sdkText as t } from '../i18n/sdkText';

/** The error catalogue of spec platform §8 / chat §8, in the page's language (read when shown). */
export const MESSAGES = {
  get networkError() {
    return t('request.networkError');
  },
  get timeout() {
    return t('request.timeout');
  },
  httpStatus: (status: number) => t('request.httpStatus', { status }),
  get sessionExpired() {
    return t('request.sessionExpired');
  },
  get refreshFailed() {
    return t('request.refreshFailed');
  },
  byCode(code: number): string {
    if (code === 401) return t('request.code401');
    if (code === 403) return t('request.code403');
    if (code === 404) return t('request.code404');
    return t('request.codeDefault');
  },
  get insecureContext() {
    return t('request.insecureContext');
  },
};

/** Server messages the client never shows (spec: silent for these two); compared, never displayed. */
export const REFRESH_TOKEN_INVALID = '刷新令牌无效';
export const REFRESH_TOKEN_EXPIRED = '刷新令牌已过期';
export const USER_HAS_NOT_SCANNED = '用户未扫码';

export const SILENT_MESSAGES: ReadonlySet<string> = new Set([REFRESH_TOKEN_INVALID, REFRESH_TOKEN_EXPIRED, USER_HAS_NOT_SCANNED]);

export function messageForCode(code: number, msg?: string): string {
  if (msg) return msg;
  return MESSAGES.byCode(code);
}
