/** Business codes of account refusals: the contract's own table (one source for both sides). */
export { AUTH_CODES } from '@qiming/contracts';
