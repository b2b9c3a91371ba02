/** Business codes of account refusals: the contract's own table (one source for both sides). */
export { AUTH_CODES } from '@qiming/contracts';

/** Every refusal of an expired or revoked session: HTTP 401, which makes the SDK refresh once. */
export const SESSION_EXPIRED_MESSAGE = '登录状态已失效，请重新登录';
