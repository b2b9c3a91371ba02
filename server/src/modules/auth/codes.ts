import { createRequire } from 'node:module';

/** Business codes of account refusals: the SDK contract's own table (one file for both sides). */
export const AUTH_CODES = createRequire(import.meta.url)('@qiming/sdk/contracts/auth-codes.json') as typeof import('@qiming/sdk/contracts').AUTH_CODES;

/** Every refusal of an expired or revoked session: HTTP 401, which makes the SDK refresh once. */
export const SESSION_EXPIRED_MESSAGE = '登录状态已失效，请重新登录';
