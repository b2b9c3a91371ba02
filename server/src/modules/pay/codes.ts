import { createRequire } from 'node:module';

// The SDK's contracts are types for the server; the codes JSON is shared data, read as such.
export const PAY_CODES = createRequire(import.meta.url)('@qiming/sdk/contracts/pay-codes.json') as typeof import('@qiming/sdk/contracts').PAY_CODES;
